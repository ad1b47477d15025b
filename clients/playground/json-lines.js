// JSON written for an editor, with the line of every JSON pointer in it, so a problem the service
// names by pointer can be shown at its field. Short objects and arrays stay on one line.

const WIDTH = 100;

const escapeToken = (key) => String(key).replace(/~/g, '~0').replace(/\//g, '~1');

function compact(value) {
  if (Array.isArray(value)) return `[${value.map(compact).join(', ')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.entries(value).map(([key, member]) => `${JSON.stringify(key)}: ${compact(member)}`).join(', ')}}`;
  }
  return JSON.stringify(value);
}

function forEachPointer(value, pointer, visit) {
  visit(pointer);
  if (value && typeof value === 'object') {
    for (const [key, member] of Object.entries(value)) forEachPointer(member, `${pointer}/${escapeToken(key)}`, visit);
  }
}

/** `{text, lineOf}`: the value written over lines, and the 0-based line of each pointer in it. */
export function formatJSON(value) {
  const lines = [];
  const lineOf = new Map();
  const write = (member, pointer, indent, lead, trail) => {
    const short = compact(member);
    if (!member || typeof member !== 'object' || indent.length + lead.length + short.length <= WIDTH) {
      forEachPointer(member, pointer, (each) => lineOf.set(each, lines.length));
      lines.push(indent + lead + short + trail);
      return;
    }
    const isArray = Array.isArray(member);
    lineOf.set(pointer, lines.length);
    lines.push(indent + lead + (isArray ? '[' : '{'));
    const entries = Object.entries(member);
    entries.forEach(([key, inner], index) => write(
      inner, `${pointer}/${escapeToken(key)}`, `${indent}  `, isArray ? '' : `${JSON.stringify(key)}: `,
      index < entries.length - 1 ? ',' : ''));
    lines.push(indent + (isArray ? ']' : '}') + trail);
  };
  write(value, '', '', '', '');
  return { text: lines.join('\n'), lineOf };
}

/** The line of `pointer`, or of its nearest ancestor written (a missing field's object). */
export function lineOfPointer(lineOf, pointer) {
  let at = pointer;
  while (!lineOf.has(at) && at !== '') at = at.slice(0, at.lastIndexOf('/'));
  return lineOf.get(at) ?? 0;
}
