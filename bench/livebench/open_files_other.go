//go:build !unix

package livebench

// raiseOpenFiles does nothing where there is no limit of open files to raise.
func raiseOpenFiles(uint64) error { return nil }
