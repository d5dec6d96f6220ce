package main

import (
	"bufio"
	"io"
)

// indentWriter re-indents compact JSON as it streams through, byte for byte as
// json.Indent(dst, src, "", "  ") would, without holding the indented copy: `slices --json`
// on a large project is tens of megabytes, and indenting it in memory took as long as
// computing it. Values must be written whole and in order, as json.Encoder does.
type indentWriter struct {
	w        *bufio.Writer
	depth    int
	inString bool
	escaped  bool // the previous byte in a string was a backslash
	opened   byte // '{' or '[' just written, its newline and indent still pending
}

func newIndentWriter(w io.Writer) *indentWriter {
	return &indentWriter{w: bufio.NewWriterSize(w, 64<<10)}
}

// Write indents p. It never fails on its own; errors come from the underlying writer.
func (iw *indentWriter) Write(p []byte) (int, error) {
	for _, c := range p {
		if iw.inString {
			iw.w.WriteByte(c)
			switch {
			case iw.escaped:
				iw.escaped = false
			case c == '\\':
				iw.escaped = true
			case c == '"':
				iw.inString = false
			}
			continue
		}
		if iw.opened != 0 {
			open := iw.opened
			iw.opened = 0
			if open == '{' && c == '}' || open == '[' && c == ']' {
				iw.w.WriteByte(c) // an empty object or array stays on one line
				continue
			}
			iw.depth++
			iw.newline()
		}
		switch c {
		case ' ', '\t', '\r', '\n':
			if iw.depth == 0 {
				iw.w.WriteByte(c) // the newline json.Encoder ends each value with
			}
		case '"':
			iw.inString = true
			iw.w.WriteByte(c)
		case '{', '[':
			iw.w.WriteByte(c)
			iw.opened = c
		case '}', ']':
			iw.depth--
			iw.newline()
			iw.w.WriteByte(c)
		case ',':
			iw.w.WriteByte(c)
			iw.newline()
		case ':':
			iw.w.WriteString(": ")
		default:
			iw.w.WriteByte(c)
		}
	}
	return len(p), nil
}

func (iw *indentWriter) newline() {
	iw.w.WriteByte('\n')
	for range iw.depth {
		iw.w.WriteString("  ")
	}
}

// Flush writes what is buffered to the underlying writer.
func (iw *indentWriter) Flush() error { return iw.w.Flush() }
