package analysis

import "sort"

// LineIndex maps byte offsets of a text to 1-based line numbers and back.
type LineIndex struct {
	starts []int // byte offset of each line's start
	size   int
}

// NewLineIndex indexes the lines of src.
func NewLineIndex(src []byte) *LineIndex {
	x := &LineIndex{starts: []int{0}, size: len(src)}
	for i, c := range src {
		if c == '\n' {
			x.starts = append(x.starts, i+1)
		}
	}
	return x
}

// Line returns the 1-based line holding the byte at offset.
func (x *LineIndex) Line(offset int) int {
	return sort.Search(len(x.starts), func(i int) bool { return x.starts[i] > offset })
}

// Offset returns the byte offset where the 1-based line starts, -1 when the text has no
// such line.
func (x *LineIndex) Offset(line int) int {
	if line < 1 || line > len(x.starts) {
		return -1
	}
	return x.starts[line-1]
}
