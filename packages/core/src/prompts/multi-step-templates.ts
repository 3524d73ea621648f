/**
 * elizaOS's multi-step mode asks the model, step by step, which action to run
 * next, then for a final answer from what the steps gave. Kith's pipeline
 * chains actions in one decision; these templates exist for plugins that
 * run such a loop themselves. Same placeholders as the other templates.
 */
export const multiStepDecisionTemplate = `<task>Decide the next step for {{agentName}}: run one action, or finish.</task>

<providers>
{{providers}}
</providers>

<steps_so_far>
{{actionResults}}
</steps_so_far>

<instructions>
Pick the one action that moves the request forward, with its parameters, or set isFinish to true when the
request is done or nothing more can be done. Never repeat a step that already succeeded.
</instructions>

<output>
Answer with this XML and nothing else:
<response>
  <thought>why this step</thought>
  <action>ACTION_NAME, or empty when finishing</action>
  <parameters>{"name": "value"}</parameters>
  <isFinish>true or false</isFinish>
</response>
</output>`;

export const multiStepSummaryTemplate = `<task>Write {{agentName}}'s final answer to the user from the steps taken.</task>

{{bio}}

<providers>
{{providers}}
</providers>

<steps>
{{actionResults}}
</steps>

<instructions>
Answer the user's last message in {{agentName}}'s voice, using what the steps found. Say plainly what could
not be done.
</instructions>

<output>
Answer with this XML and nothing else:
<response>
  <thought>a short note on the result</thought>
  <text>the answer to the user</text>
</response>
</output>`;
