/**
 * Stories say which machine states they show, as `parameters.machineStates`: ['session:loggedOut.idle'].
 * tests/components/story-coverage.test.ts fails when a state of a machine has no story.
 */
export const showsStates = (...states: string[]) => ({ machineStates: states });
