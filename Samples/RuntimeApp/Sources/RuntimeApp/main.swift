// Runs every lookup of the sample once and prints whether it found something.
runDependencies()
runSwinject()
runResolver()
runFactory()
runKeys()
