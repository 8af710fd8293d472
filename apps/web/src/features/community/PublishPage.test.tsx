import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PostPublishBody } from '@petheart/contracts';
import { liveEndpoints, postEndpoints, uploadEndpoints } from '@petheart/contracts';
import { renderApp } from '../../test-support/app';
import { SLOW, post, room, stubCommunity } from './test/fixtures';

const rooms = [room(1, { name: 'Bund Feeder A' }), room(2, { name: 'Park Feeder', base_name: 'Century Park' })];

/** The fake API with the device list, an upload and publish/update that answer the post. */
function stub(over: { mine?: ReturnType<typeof post>[] } = {}) {
  return stubCommunity({ rooms, mine: over.mine ?? [] }, (c) => {
    if (c.endpoint === uploadEndpoints.upload) return { url: '/uploads/2026/cat.png', fullurl: '' };
    if (c.endpoint === postEndpoints.publish || c.endpoint === postEndpoints.update) {
      const body = c.body as PostPublishBody & { id?: number };
      return post(body.id ?? 50, { ...body, status: 'ped', mine: true, published_at: null });
    }
    return undefined;
  });
}

describe('PublishPage', () => {
  beforeAll(() => {
    // antd-mobile's popup binds a drag gesture that captures the pointer; jsdom has no pointer capture.
    if (!('setPointerCapture' in Element.prototype)) {
      Object.assign(Element.prototype, { setPointerCapture() {}, releasePointerCapture() {} });
    }
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('needs a login', async () => {
    stub();
    const router = renderApp('/pages/publish/publish');
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/pages/public/login');
    }, SLOW);
  });

  it('asks for the content and the device, exactly as the spec words them', async () => {
    const calls = stub();
    renderApp('/pages/publish/publish', { token: 'tok' });
    const submit = await screen.findByRole('button', { name: 'Publish' }, SLOW);
    await userEvent.click(submit);
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual(['Please enter the content', 'Please select the device']);
    await userEvent.type(screen.getByLabelText('Content'), '   ');
    await userEvent.click(submit);
    expect((await screen.findAllByRole('alert'))[0]).toHaveTextContent('Please enter the content');
    expect(calls.some((c) => c.endpoint === postEndpoints.publish)).toBe(false);
  });

  it('counts the text against the server’s limit', async () => {
    stub();
    renderApp('/pages/publish/publish', { token: 'tok' });
    await userEvent.type(await screen.findByLabelText('Content', {}, SLOW), 'Hello 🐱');
    expect(screen.getByTestId('content-count')).toHaveTextContent('7/2000');
  });

  it('publishes text, an uploaded image and the chosen device, then shows My posts', async () => {
    const calls = stub();
    const router = renderApp('/pages/publish/publish', { token: 'tok' });
    await userEvent.type(await screen.findByLabelText('Content', {}, SLOW), '  Three cats came to eat  ');
    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    await userEvent.upload(input as HTMLInputElement, new File(['png'], 'cat.png', { type: 'image/png' }));
    await waitFor(() => {
      expect(calls.filter((c) => c.endpoint === uploadEndpoints.upload)).toHaveLength(1);
    });
    expect(await screen.findByText('1/9')).toBeInTheDocument();

    await userEvent.click(screen.getByTestId('device-picker'));
    const sheet = await screen.findByRole('dialog', { name: 'Choose the device' });
    // antd-mobile's popup animates in (pointer-events: none meanwhile, which jsdom never finishes)
    await userEvent.setup({ pointerEventsCheck: 0 }).click(within(sheet).getByRole('radio', { name: /Park Feeder/ }));
    expect(screen.getByTestId('device-picker')).toHaveTextContent('Park Feeder, Century Park');

    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/pages/myPublish/myPublish');
    }, SLOW);
    expect(calls.find((c) => c.endpoint === postEndpoints.publish)?.body).toEqual({
      content: 'Three cats came to eat',
      device_id: 'PH-0002',
      images: ['/uploads/2026/cat.png'],
    });
    expect(calls.find((c) => c.endpoint === liveEndpoints.list)?.body).toMatchObject({ page: 1, tab: 'recommend' });
  });

  it('posts a live room’s clip as a video, its device chosen already', async () => {
    const calls = stub();
    renderApp('/pages/publish/publish?device_id=PH-0001&clip_id=clip-9&clip_url=%2Fuploads%2Fclips%2Fc9.mp4', {
      token: 'tok',
    });
    expect(await screen.findByTestId('clip-preview', {}, SLOW)).toHaveAttribute('src', '/uploads/clips/c9.mp4');
    await waitFor(() => {
      expect(screen.getByTestId('device-picker')).toHaveTextContent('Bund Feeder A, Bund Station');
    });
    await userEvent.type(screen.getByLabelText('Content'), 'Dinner time');
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => {
      expect(calls.find((c) => c.endpoint === postEndpoints.publish)?.body).toEqual({
        content: 'Dinner time',
        device_id: 'PH-0001',
        images: [],
        clip_id: 'clip-9',
      });
    });
  });

  it('edits a rejected post: shows the reason, keeps its images and resubmits it', async () => {
    const rejected = post(2, {
      mine: true,
      status: 'rej',
      remark: 'Please show the device',
      content: 'Old text',
      images: ['/uploads/old.png'],
      published_at: null,
    });
    const calls = stub({ mine: [rejected] });
    const router = renderApp('/pages/publish/publish?id=2', { token: 'tok' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit post' }, SLOW)).toBeInTheDocument();
    expect(await screen.findByTestId('reject-reason', {}, SLOW)).toHaveTextContent('Please show the device');
    const content = screen.getByLabelText('Content');
    expect(content).toHaveValue('Old text');
    expect(screen.getByTestId('device-picker')).toHaveTextContent('Bund Feeder A, Bund Station');
    await userEvent.clear(content);
    await userEvent.type(content, 'New text with the feeder');
    await userEvent.click(screen.getByRole('button', { name: 'Submit again' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/pages/myPublish/myPublish');
    }, SLOW);
    expect(calls.find((c) => c.endpoint === postEndpoints.update)?.body).toEqual({
      id: 2,
      content: 'New text with the feeder',
      device_id: 'PH-0001',
      images: ['/uploads/old.png'],
    });
  });

  it('keeps a video post’s clip and device when it is edited', async () => {
    const clip = '0f8fad5b-d9cb-469f-a165-70867728950e';
    const video = post(3, { mine: true, status: 'rej', video_url: `/uploads/clips/${clip}.mp4`, published_at: null });
    const calls = stub({ mine: [video] });
    renderApp('/pages/publish/publish?id=3', { token: 'tok' });
    expect(await screen.findByTestId('clip-preview', {}, SLOW)).toHaveAttribute('src', `/uploads/clips/${clip}.mp4`);
    const device = screen.getByTestId('device-picker');
    expect(device.tagName).toBe('DIV');
    expect(device).toHaveTextContent('Bund Feeder A, Bund Station');
    await userEvent.click(screen.getByRole('button', { name: 'Submit again' }));
    await waitFor(() => {
      expect(calls.find((c) => c.endpoint === postEndpoints.update)?.body).toMatchObject({ id: 3, clip_id: clip });
    });
  });

  it('does not edit a post that is not the user’s', async () => {
    stubCommunity({ posts: [post(8)] });
    renderApp('/pages/publish/publish?id=8', { token: 'tok' });
    expect(await screen.findByText('This post is not available', {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Submit again|Publish/ })).toBeNull();
  });
});
