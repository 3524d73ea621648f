/**
 * What the local model servers answer. The request body is read as one
 * string: the answers follow the prompt's asked format (Kith's message
 * handler XML, plugin-memory's summary and memory XML, JSON for objects),
 * and name the wire that carried them, so a test can tell which provider
 * answered. A user message may steer the reply with `[[actions: A,B]]`.
 */
export function scriptedReply(wire: string, body: string, wantsJson: boolean): string {
  if (wantsJson || body.includes('Give a JSON object'))
    return JSON.stringify({ wire, ok: true, answer: `object from ${wire}` });
  if (body.includes('select the right resource'))
    return JSON.stringify({ serverName: 'echo', uri: 'kith://motto', reasoning: 'the user asked for the motto' });
  if (body.includes('just accessed the resource')) {
    return `Resource read over the ${wire} wire${body.includes('Kith runs elizaOS plugins.') ? ': Kith runs elizaOS plugins.' : '.'}`;
  }
  if (body.includes('Extract the following information about the requested token transfer')) {
    // plugin-evm's transfer template: the amount, recipient and chain the user asked for.
    const asked = /[Ss]end ([\d.]+) ETH to (0x[0-9a-fA-F]{40}) on (\w+)/.exec(body);
    return asked
      ? `<response><fromChain>${asked[3]}</fromChain><amount>${asked[1]}</amount><toAddress>${asked[2]}</toAddress><token>null</token><data>null</data></response>`
      : '<response><fromChain>null</fromChain><amount>null</amount><toAddress>null</toAddress><token>null</token><data>null</data></response>';
  }
  if (body.includes('Extract Long-Term Memory')) {
    return '<memories><memory><category>semantic</category><content>User drinks green tea every morning</content><confidence>0.97</confidence></memory></memories>';
  }
  if (body.includes('Summarize Conversation') || body.includes('Update and Condense Conversation Summary')) {
    return `<summary><text>The user talked about tea with the agent (summarised over ${wire}).</text><topics>tea, mornings</topics><keyPoints><point>User likes tea</point></keyPoints></summary>`;
  }
  if (body.includes('<action>RESPOND') || /should.?respond/i.test(body.slice(0, 4000))) {
    return '<response><name>agent</name><reasoning>addressed</reasoning><action>RESPOND</action></response>';
  }
  if (body.includes('<response>') && body.includes('<actions>')) {
    const directives = [...body.matchAll(/\[\[actions: ?([A-Z_,]+)\]\]/g)];
    const actions = directives.length > 0 ? directives[directives.length - 1][1] : 'REPLY';
    return `<response><thought>compat over ${wire}</thought><actions>${actions}</actions><providers></providers><text>Reply over the ${wire} wire.</text></response>`;
  }
  return `Plain answer over the ${wire} wire.`;
}

/** A deterministic unit vector from the text's words (texts sharing words are near each other). */
export function scriptedEmbedding(text: string, dimensions: number): number[] {
  const vector = new Array<number>(dimensions).fill(0);
  for (const word of text.toLowerCase().match(/[a-z0-9]+/g) ?? []) {
    let hash = 7;
    for (let i = 0; i < word.length; i++) hash = (hash * 31 + word.charCodeAt(i)) >>> 0;
    vector[hash % dimensions] += 1;
  }
  const norm = Math.sqrt(vector.reduce((sum, v) => sum + v * v, 0)) || 1;
  return vector.map((v) => v / norm);
}
