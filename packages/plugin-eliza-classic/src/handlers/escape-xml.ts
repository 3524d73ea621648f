/** Escapes text placed inside an XML element: `&`, `<` and `>` become entities. */
export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
