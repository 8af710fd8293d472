import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { DeviceCell, Ellipsis } from './cells';
import { DetailList } from './detail';

describe('console table cells', () => {
  afterEach(cleanup);

  it('cuts a text to one line with the whole of it (or another text) in its tooltip', () => {
    render(
      <>
        <Ellipsis text="Huangpu Cat Haven" />
        <Ellipsis text="—" title={null} />
      </>,
    );
    expect(screen.getByText('Huangpu Cat Haven')).toHaveAttribute('title', 'Huangpu Cat Haven');
    expect(screen.getByText('—')).not.toHaveAttribute('title');
  });

  it('shows a device over its base', () => {
    render(<DeviceCell name="Bund Feeder" base="Bund Station" />);
    const cell = screen.getByTitle('Bund Feeder · Bund Station');
    expect(cell).toHaveTextContent('Bund FeederBund Station');
  });
});

describe('a record in a drawer', () => {
  afterEach(cleanup);

  it('lists each field as a term and its value', () => {
    const { container } = render(
      <DetailList
        rows={[
          ['Email', 'luna@petheart.local'],
          ['Mobile', '—'],
        ]}
      />,
    );
    expect([...container.querySelectorAll('dt')].map((d) => d.textContent)).toEqual(['Email', 'Mobile']);
    expect([...container.querySelectorAll('dd')].map((d) => d.textContent)).toEqual(['luna@petheart.local', '—']);
  });
});
