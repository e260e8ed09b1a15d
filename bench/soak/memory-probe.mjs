// Preloaded into the soak's server process (`node --expose-gc --import …/memory-probe.mjs serve.js`): answers
// a memory request on the IPC channel with `process.memoryUsage()` after a full garbage collection, so two
// samples compare what the process keeps rather than where the collector happened to be. Nothing else changes.
process.on('message', (message) => {
  if (message?.type !== 'soak:memory') return;
  globalThis.gc?.();
  process.send?.({ type: 'soak:memory', id: message.id, ...process.memoryUsage() });
});
// The channel must not keep a server alive that is shutting down on its own.
process.channel?.unref();
