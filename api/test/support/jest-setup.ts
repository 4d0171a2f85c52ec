// Project-level `testTimeout` is ignored when jest runs from the root config with projects; set it here.
// The API tests sign users up in the emulator and run real payments, which takes seconds on a busy machine.
jest.setTimeout(60_000);
