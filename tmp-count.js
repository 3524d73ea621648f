const fs=require('fs'),os=require('os'),path=require('path');
const { AgentRuntime, ChannelType, createLogger, stringToUuid } = require('@kith/core');
const { createScriptedModel, createScriptedModelPlugin, scriptedReply } = require('@kith/core/test');
const { bootstrapPlugin } = require('@kith/plugin-bootstrap');
const { sqlPlugin } = require('@kith/plugin-sql');
const { textEmbeddingHandler } = require('@kith/plugin-eliza-classic');
(async()=>{
  const character = JSON.parse(fs.readFileSync('packages/cli/characters/eliza.json','utf8')); delete character.plugins;
  const dataDir=fs.mkdtempSync(path.join(os.tmpdir(),'cnt-'));
  character.settings={...character.settings,KITH_DATA_DIR:dataDir};
  const model = createScriptedModel((_p,type)=> type==='TEXT_SMALL' ? '<response><name>Eliza</name><reasoning>x</reasoning><action>RESPOND</action></response>' : scriptedReply('Please tell me more.'));
  const embedder = { name: 'e', description: 'e', models: { TEXT_EMBEDDING: textEmbeddingHandler } };
  const runtime = new AgentRuntime({ character, plugins:[sqlPlugin,bootstrapPlugin,createScriptedModelPlugin(model),embedder], logger: createLogger({level:'silent'})});
  await runtime.initialize();
  const a = runtime.adapter; const counts={};
  for (const k of Object.getOwnPropertyNames(Object.getPrototypeOf(a))) { if (typeof a[k]!=='function'||k==='constructor') continue; const f=a[k].bind(a); a[k]=(...x)=>{counts[k]=(counts[k]||0)+1; return f(...x);} }
  const roomId=stringToUuid('r'), entityId=stringToUuid('u');
  await runtime.ensureConnection({entityId,roomId,name:'U',userName:'u',source:'b',type:ChannelType.DM,worldId:stringToUuid('w')});
  for (let i=0;i<20;i++) await runtime.messageService.handleMessage(runtime,{entityId,roomId,content:{text:'warm '+i,source:'b'}},async()=>[]);
  await runtime.messageService.whenIdle(); await runtime.getService('embedding')?.flush();
  for (const k in counts) delete counts[k];
  const N=50;
  for (let i=0;i<N;i++) await runtime.messageService.handleMessage(runtime,{entityId,roomId,content:{text:'I worry about work '+i,source:'b'}},async()=>[]);
  await runtime.messageService.whenIdle(); await runtime.getService('embedding')?.flush();
  console.log(Object.fromEntries(Object.entries(counts).map(([k,v])=>[k,v/N])));
  await runtime.stop();
})();
