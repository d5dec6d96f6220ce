package lsp

import (
	"sort"
	"unicode/utf8"

	"go.lsp.dev/protocol"
)

// This file is the one place where LSP positions (0-based line, UTF-16 code unit column)
// and byte offsets into a document are converted. Lines end at "\n", "\r\n" or "\r", as the
// LSP specification says. Positions past the end of a line clamp to the line's end, lines
// past the end of the text clamp to the end of the text, and a column that falls inside a
// surrogate pair rounds down to the start of its character: editors rely on that leniency.

// lineStart returns the byte offset at which the 0-based line starts, or len(text) when the
// text has fewer lines.
func lineStart(text []byte, line uint32) int {
	off := 0
	for cur := uint32(0); cur < line; cur++ {
		next := nextLine(text, off)
		if next < 0 {
			return len(text)
		}
		off = next
	}
	return off
}

// nextLine returns the offset just after the line terminator at or after off, or -1 when the
// text ends first.
func nextLine(text []byte, off int) int {
	for i := off; i < len(text); i++ {
		switch text[i] {
		case '\n':
			return i + 1
		case '\r':
			if i+1 < len(text) && text[i+1] == '\n' {
				return i + 2
			}
			return i + 1
		}
	}
	return -1
}

// lineEnd returns the offset of the terminator of the line starting at off (or len(text)).
func lineEnd(text []byte, off int) int {
	for i := off; i < len(text); i++ {
		if text[i] == '\n' || text[i] == '\r' {
			return i
		}
	}
	return len(text)
}

// PositionToOffset converts an LSP position into a byte offset of text, clamping positions
// outside the text as described above.
func PositionToOffset(text []byte, p protocol.Position) int {
	start := lineStart(text, p.Line)
	end := lineEnd(text, start)
	off := start
	units := uint32(0)
	for off < end && units < p.Character {
		r, size := utf8.DecodeRune(text[off:end])
		w := uint32(1)
		if r >= 0x10000 && r != utf8.RuneError {
			w = 2
		}
		if units+w > p.Character {
			break // inside a surrogate pair: round down
		}
		units += w
		off += size
	}
	return off
}

// OffsetToPosition converts a byte offset of text into an LSP position. Offsets past the end
// clamp to the end; an offset inside a multi-byte character rounds down to its start.
func OffsetToPosition(text []byte, offset int) protocol.Position {
	if offset > len(text) {
		offset = len(text)
	}
	if offset < 0 {
		offset = 0
	}
	line := uint32(0)
	start := 0
	for {
		next := nextLine(text, start)
		if next < 0 || next > offset {
			break
		}
		line++
		start = next
	}
	return protocol.Position{Line: line, Character: utf16Len(text[start:min(offset, lineEnd(text, start))])}
}

// utf16Len returns the number of UTF-16 code units of b, counting each invalid byte as one
// (it becomes U+FFFD). A trailing partial character is not counted.
func utf16Len(b []byte) uint32 {
	n := uint32(0)
	for len(b) > 0 {
		r, size := utf8.DecodeRune(b)
		if r == utf8.RuneError && size == 1 && !utf8.FullRune(b) {
			break
		}
		if r >= 0x10000 {
			n += 2
		} else {
			n++
		}
		b = b[size:]
	}
	return n
}

// lineSpan returns the LSP range covering the 1-based lines first..last of text, from the
// first non-blank character of the first line to the end of the last line. Lines outside the
// text clamp to it; last < first is treated as first. A nil text (content unknown) gives
// whole-line ranges.
func lineSpan(text []byte, first, last int) protocol.Range {
	return newLineIndex(text).span(first, last)
}

// lineIndex holds where each line of a text starts, so that many ranges in one text are
// found without scanning it from the top each time (a wide edit puts thousands of
// diagnostics into a few hundred files).
type lineIndex struct {
	text   []byte
	starts []int // offset of each line's first byte; nil text: unknown content
}

func newLineIndex(text []byte) *lineIndex {
	x := &lineIndex{text: text}
	if text == nil {
		return x
	}
	x.starts = []int{0}
	for off := nextLine(text, 0); off >= 0; off = nextLine(text, off) {
		x.starts = append(x.starts, off)
	}
	return x
}

// start is lineStart over the index.
func (x *lineIndex) start(line uint32) int {
	if int(line) >= len(x.starts) {
		return len(x.text)
	}
	return x.starts[line]
}

// position is OffsetToPosition over the index.
func (x *lineIndex) position(offset int) protocol.Position {
	offset = max(0, min(offset, len(x.text)))
	line := sort.Search(len(x.starts), func(i int) bool { return x.starts[i] > offset }) - 1
	start := x.starts[line]
	return protocol.Position{Line: uint32(line), Character: utf16Len(x.text[start:min(offset, lineEnd(x.text, start))])}
}

// span is the range of lines first..last (1-based) without the first line's indentation.
func (x *lineIndex) span(first, last int) protocol.Range {
	if first < 1 {
		first = 1
	}
	if last < first {
		last = first
	}
	text := x.text
	if text == nil { // content unknown: cover the whole lines
		return protocol.Range{
			Start: protocol.Position{Line: uint32(first - 1)},
			End:   protocol.Position{Line: uint32(last)},
		}
	}
	s := x.start(uint32(first - 1))
	e := lineEnd(text, s)
	col := s
	for col < e && (text[col] == ' ' || text[col] == '\t') {
		col++
	}
	if col == e { // blank line: cover it whole
		col = s
	}
	ls := x.start(uint32(last - 1))
	le := lineEnd(text, ls)
	if le < col {
		le = col
	}
	return protocol.Range{Start: x.position(col), End: x.position(le)}
}
