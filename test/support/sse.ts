/** One server-sent event as a client sees it. */
export interface SseEvent {
  id?: string;
  event: string;
  data: any;
}

/** Reads an event stream until it ends or `stopWhen` says so; comments are counted. */
export async function readEvents(
  url: string,
  headers: Record<string, string>,
  stopWhen: (events: SseEvent[]) => boolean = () => false,
  timeoutMs = 20000,
): Promise<{ status: number; contentType: string | null; events: SseEvent[]; comments: number }> {
  const ctrl = new AbortController();
  const timer = setTimeout(() => ctrl.abort(), timeoutMs);
  const res = await fetch(url, { headers, signal: ctrl.signal });
  const events: SseEvent[] = [];
  let comments = 0;
  let buffer = '';
  const decoder = new TextDecoder();
  try {
    const reader = res.body!.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let cut: number;
      while ((cut = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const e: Partial<SseEvent> = {};
        for (const line of block.split('\n')) {
          if (line.startsWith(':')) comments++;
          else if (line.startsWith('id: ')) e.id = line.slice(4);
          else if (line.startsWith('event: ')) e.event = line.slice(7);
          else if (line.startsWith('data: ')) e.data = JSON.parse(line.slice(6));
        }
        if (e.event) events.push(e as SseEvent);
      }
      if (stopWhen(events)) {
        ctrl.abort();
        break;
      }
    }
  } catch (e) {
    if ((e as Error).name !== 'AbortError') throw e;
  } finally {
    clearTimeout(timer);
  }
  return { status: res.status, contentType: res.headers.get('content-type'), events, comments };
}
