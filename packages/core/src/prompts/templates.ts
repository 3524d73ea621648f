/**
 * Default prompt templates (Handlebars). Characters override them by name in
 * `character.templates`. They are kept short on purpose: every character is
 * paid for on every turn.
 *
 * Laid out for provider prompt caches: what stays the same across a room's
 * turns comes first (task, instructions, output format, then `{{providers}}`,
 * whose providers put their stable text first), and what changes every turn
 * comes last (time, facts, the conversation, the received message). Model
 * plugins learn what a call is for from its hints (`params.hints.purpose`),
 * never from this wording.
 */
export const shouldRespondTemplate = `<task>Decide on behalf of {{agentName}} whether they should respond to the message, ignore it or stop the conversation.</task>
<instructions>Decide if {{agentName}} should respond to or interact with the conversation.
If the message is directed at or relevant to {{agentName}}, respond with RESPOND action.
If a user asks {{agentName}} to be quiet, respond with STOP action.
If {{agentName}} should ignore the message, respond with IGNORE action.</instructions>
<output>
Respond only with this XML:
<response>
  <name>{{agentName}}</name>
  <reasoning>Your reasoning here</reasoning>
  <action>RESPOND | IGNORE | STOP</action>
</response>
</output>
<providers>
{{providers}}
</providers>`;

export const messageHandlerTemplate = `<task>Generate dialog and actions for the character {{agentName}}.</task>
<instructions>
Write a thought and plan for {{agentName}} and decide what actions to take, answering the received message at the end.
Actions run in the order listed; REPLY comes first when {{agentName}} answers.
Use IGNORE alone when {{agentName}} should not answer.
If an action takes parameters, give them in <params> as shown.
</instructions>
<output>
Respond only with this XML:
<response>
  <thought>Your thought here</thought>
  <actions>ACTION1,ACTION2</actions>
  <providers>PROVIDER1,PROVIDER2</providers>
  <text>Your response text here</text>
  <params><ACTION1><name>value</name></ACTION1></params>
</response>
Leave <providers> and <params> empty when none are needed.
</output>
<actionNames>
{{actionNames}}
</actionNames>
<providers>
{{providers}}
</providers>`;

export const postCreationTemplate = `# Task: Create a post in the voice and style of {{agentName}}.
{{providers}}
Write a post that is {{adjective}} about {{topic}}, without hashtags or emojis, in under 280 characters.
Respond only with this XML:
<response>
  <thought>I am thinking about writing a post about [topic]</thought>
  <post>The actual post content</post>
  <imagePrompt>A description for an image to accompany the post</imagePrompt>
</response>`;

export const imageDescriptionTemplate = `<task>Describe the image for {{agentName}}</task>
<output>
Respond only with this XML:
<response>
  <title>Short title for the image</title>
  <description>Detailed description of what's in the image</description>
  <text>Natural language description as if explaining to someone</text>
</response>
</output>`;

export const reflectionTemplate = `<task>Reflect on the conversation as {{agentName}}: extract new facts about the participants and their relationships.</task>
<instructions>
List only facts that are new (not in knownFacts) and stated in the messages. Use entity names exactly as listed.
type is fact, opinion or status. Relationship tags describe the interaction (e.g. dm_interaction, helped, friendly).
</instructions>
<output>
Respond only with this XML:
<response>
  <thought>a self-reflective thought on the conversation</thought>
  <facts>
    <fact><claim>factual statement</claim><type>fact</type><in_bio>false</in_bio><already_known>false</already_known></fact>
  </facts>
  <relationships>
    <relationship><sourceEntityId>name or id</sourceEntityId><targetEntityId>name or id</targetEntityId><tags>tag1,tag2</tags></relationship>
  </relationships>
</response>
</output>
<entities>
{{entitiesInRoom}}
</entities>
<knownFacts>
{{knownFacts}}
</knownFacts>
<recentMessages>
{{recentMessages}}
</recentMessages>`;

export const continueTemplate = `<task>Continue the conversation as {{agentName}}</task>
<instructions>
Continue naturally, maintaining character personality and context.
</instructions>
<output>
Respond only with this XML:
<response>
  <thought>Your thought here</thought>
  <text>Your continuation here</text>
</response>
</output>
<providers>
{{providers}}
</providers>`;

export const evaluationTemplate = `<task>Evaluate the following as {{agentName}}: choose which evaluators should run for this conversation.</task>
<instructions>
Provide thoughtful evaluation based on the character's knowledge and perspective.
Answer with a JSON array of the names of the evaluators to run, e.g. ["REFLECTION"], or [] for none.
</instructions>
<evaluators>
{{evaluators}}
</evaluators>
<recentMessages>
{{recentMessages}}
</recentMessages>`;

export const extractParametersTemplate = `<task>Extract the parameters of the action {{actionName}} from the conversation.</task>
<output>
Respond only with a JSON object whose keys are the parameter names. Omit parameters the conversation does not give.
</output>
<parameters>
{{parameterSchema}}
</parameters>
<recentMessages>
{{recentMessages}}
</recentMessages>`;

/** Every default template by name. */
export const defaultTemplates = {
  shouldRespondTemplate,
  messageHandlerTemplate,
  postCreationTemplate,
  imageDescriptionTemplate,
  reflectionTemplate,
  continueTemplate,
  evaluationTemplate,
  extractParametersTemplate,
} as const;

export type TemplateName = keyof typeof defaultTemplates;
