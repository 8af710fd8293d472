/** Tells each listener the event; one that throws is reported and does not stop the others. */
export function tellListeners<E>(
  listeners: Iterable<(event: E) => void>,
  event: E,
  onError: (error: unknown) => void,
): void {
  for (const listener of listeners) {
    try {
      listener(event);
    } catch (error) {
      onError(error);
    }
  }
}
