// The item work the API's task handlers run: core's, shared with the worker's claim timers.
export { type ItemDecider, ItemWork } from '@annot/core';
