package maps

// The ceiling of what reading one map file allocates, garbage included (docs/maps.md, Memory): a small
// multiple of the file's size, plus, for Conquer Club's XML, what the XML decoder allocates for each
// element and attribute the file may have. TestHostileFilesAreBounded holds the readers to it.
const (
	// ReadMemoryPerByte is what reading a map file allocates at most for each byte of the file.
	ReadMemoryPerByte = 4
	// ReadMemoryPerElement is what reading a Conquer Club file allocates at most for each of its elements
	// and attributes (MaxElements at most), beyond ReadMemoryPerByte.
	ReadMemoryPerElement = 1_000
	// ReadMemorySlack is what reading any map file may allocate beyond its share per byte.
	ReadMemorySlack = 4 << 20
)

// ReadMemory is the most memory reading a map file of size bytes allocates, garbage included: a Rout
// map file (format "") or a file Import reads in format.
func ReadMemory(format string, size int64) int64 {
	n := ReadMemoryPerByte*size + ReadMemorySlack
	if format == FormatConquerClub {
		n += ReadMemoryPerElement * MaxElements
	}
	return n
}
