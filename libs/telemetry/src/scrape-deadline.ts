/** Longest a scrape waits for one source (database, Redis) before leaving its series out. */
const SOURCE_DEADLINE_MS = 3000;

/** `p`, or a rejection once the scrape deadline has passed (the api's and workers' metrics). */
export function withinScrapeDeadline<T>(p: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer in ${SOURCE_DEADLINE_MS} ms`)),
      SOURCE_DEADLINE_MS,
    );
  });
  return Promise.race([p, deadline]).finally(() => clearTimeout(timer));
}
