/**
 * The tiles' credit line (NEXT_PUBLIC_TILE_ATTRIBUTION: trusted HTML from the operator's own
 * configuration) with every link opening in a new tab: a dispatcher who follows "OpenStreetMap"
 * must not lose the screen, its draft or its result.
 */
export function withNewTabLinks(html: string): string {
  return html.replace(/<a\b([^>]*)>/gi, (_tag, attributes: string) => {
    const kept = attributes.replace(/\s(?:target|rel)\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+)/gi, '');
    return `<a${kept} target="_blank" rel="noopener noreferrer">`;
  });
}
