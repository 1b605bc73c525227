/** "My Test App" -> "my-test-app": valid both as an application name and as a domain name. */
export function slugify(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9.]+/g, "-")
    .replace(/^[-.]+|[-.]+$/g, "")
    .slice(0, 63)
    .replace(/[-.]+$/g, "");
}
