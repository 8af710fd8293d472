import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminPost, AdminPostListData } from '@petheart/contracts';
import { moderationConsoleEndpoints } from '@petheart/contracts';
import { renderApp, type ApiCall } from '../../test-support/app';
import { SLOW, stubConsole, stubPointerCapture } from '../shared/console-test-support';

/** Drawers animate in (pointer-events: none meanwhile); a person would wait, the test need not. */
const user = userEvent.setup({ pointerEventsCheck: 0 });

const POST: AdminPost = {
  id: 41,
  content: 'Fed the Bund cats today <b>twice</b>!\nThey loved it.',
  images: ['/uploads/a.jpg', '/uploads/b.jpg'],
  video_url: null,
  device: { id: 'PH-0001', name: 'Bund Feeder', base_id: 1, base_name: 'Bund Station' },
  status: 'ped',
  remark: '',
  like_count: 0,
  comment_count: 0,
  liked: false,
  created_at: 1_717_200_000,
  updated_at: 1_717_200_000,
  published_at: null,
  author: { id: 7, nickname: 'Luna', avatar: '' },
  mine: false,
  reviewed_by: null,
  reviewed_at: null,
};

beforeAll(stubPointerCapture);

function stub(extra: (call: ApiCall) => unknown = () => undefined) {
  return stubConsole((call) => {
    if (call.endpoint === moderationConsoleEndpoints.postList)
      return { list: [POST], total: 1, page: 1, limit: 10 } satisfies AdminPostListData;
    return extra(call);
  });
}

describe('the console post moderation queue', { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('lists the pending posts with a preview, and shows one whole in the review drawer', async () => {
    const calls = stub();
    renderApp('/admin/posts', { token: 'admin-token' });
    const row = await screen.findByTestId('post-row-41', {}, SLOW);
    expect(calls.find((c) => c.endpoint === moderationConsoleEndpoints.postList)?.body).toEqual({
      page: 1,
      limit: 10,
      status: 'ped',
    });
    expect(row).toHaveTextContent('Luna');
    expect(row).toHaveTextContent('Bund FeederBund Station');
    expect(row).toHaveTextContent('Pending Review');
    expect(row.querySelectorAll('img')).toHaveLength(2);
    await user.click(within(row).getByRole('button', { name: 'Review' }));
    const review = await screen.findByTestId('post-review');
    // The user's text is shown as text, markup and line break included.
    expect(within(review).getByTestId('post-text').textContent).toBe(POST.content);
    expect(review.querySelector('b')).toBeNull();
    expect(within(review).getAllByRole('img', { name: /Image \d of 2/ })).toHaveLength(2);
    expect(within(review).getByRole('link', { name: 'Open the live room' })).toHaveAttribute(
      'href',
      '/pages/live/live?device_id=PH-0001',
    );
  });

  it('refuses to reject without a reason, then rejects with the reason the author will see', async () => {
    const calls = stub((call) =>
      call.endpoint === moderationConsoleEndpoints.postReject
        ? {
            ...POST,
            status: 'rej',
            remark: call.body.remark,
            reviewed_by: { id: 1, nickname: 'Admin' },
            reviewed_at: 1,
          }
        : undefined,
    );
    renderApp('/admin/posts', { token: 'admin-token' });
    const row = await screen.findByTestId('post-row-41', {}, SLOW);
    await user.click(within(row).getByRole('button', { name: 'Review' }));
    const review = await screen.findByTestId('post-review');
    const rejectForm = within(review).getByRole('form', { name: 'Reject with a reason' });
    await user.click(within(rejectForm).getByRole('button', { name: 'Reject' }));
    expect(await within(rejectForm).findByRole('alert')).toHaveTextContent('Please enter the reason for rejection');
    // Blank is no reason either.
    await user.type(within(rejectForm).getByLabelText('Reason for rejection'), '   ');
    await user.click(within(rejectForm).getByRole('button', { name: 'Reject' }));
    expect(within(rejectForm).getByRole('alert')).toHaveTextContent('Please enter the reason for rejection');
    expect(calls.some((c) => c.endpoint === moderationConsoleEndpoints.postReject)).toBe(false);

    await user.clear(within(rejectForm).getByLabelText('Reason for rejection'));
    await user.type(within(rejectForm).getByLabelText('Reason for rejection'), 'Please blur the car plate');
    await user.click(within(rejectForm).getByRole('button', { name: 'Reject' }));
    await waitFor(() => {
      expect(calls.find((c) => c.endpoint === moderationConsoleEndpoints.postReject)?.body).toEqual({
        id: 41,
        remark: 'Please blur the car plate',
      });
    });
    // The queue reloads after the decision.
    await waitFor(() => {
      expect(calls.filter((c) => c.endpoint === moderationConsoleEndpoints.postList).length).toBeGreaterThan(1);
    });
  });

  it('approves after confirming', async () => {
    const calls = stub((call) =>
      call.endpoint === moderationConsoleEndpoints.postApprove
        ? { ...POST, status: 'res', reviewed_by: { id: 1, nickname: 'Admin' }, reviewed_at: 1 }
        : undefined,
    );
    renderApp('/admin/posts', { token: 'admin-token' });
    const row = await screen.findByTestId('post-row-41', {}, SLOW);
    await user.click(within(row).getByRole('button', { name: 'Review' }));
    const review = await screen.findByTestId('post-review');
    await user.click(within(review).getByRole('button', { name: 'Approve' }));
    const text = await screen.findByText('Approve this post? It appears in the community at once.');
    const dialog = text.closest('.adm-dialog-body') as HTMLElement;
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => {
      expect(calls.find((c) => c.endpoint === moderationConsoleEndpoints.postApprove)?.body).toEqual({ id: 41 });
    });
  });
});
