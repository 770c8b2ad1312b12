/**
 * Lets the server answer other people between two pieces of long work. The embedded database runs each statement on
 * this thread and a chain of awaited statements never reaches the event loop's other tasks: long background work (an
 * import, a check of every rule) awaits this between its statements so requests waiting meanwhile are answered.
 */
export const letOthersRun = () => new Promise<void>((resolve) => setImmediate(resolve));
