# A case with a wrong expectation: the test cli.selftest must report it (it is marked WILL_FAIL), so the
# runner cannot silently pass everything.
$ xlayout index 'f32[3,5]{1,0:T(2,2)}' 2 3
18
