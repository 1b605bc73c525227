/** "1 application", "3 applications", "0 users": a count with its noun agreeing. */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}
