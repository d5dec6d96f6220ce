package analysis

import (
	"bytes"

	sitter "github.com/smacker/go-tree-sitter"
)

// DocumentParser parses the successive versions of one open document, handing tree-sitter
// the previous tree so that only the edited region is parsed again. It is not safe for
// concurrent use; Close releases the tree it keeps.
type DocumentParser struct {
	path string
	src  []byte
	tree *sitter.Tree
	// Reused counts the versions parsed incrementally (for tests and timings).
	Reused int
}

// NewDocumentParser returns a parser for the document at the workspace-relative path.
func NewDocumentParser(path string) *DocumentParser { return &DocumentParser{path: path} }

// Parse parses a new version of the document, as ParseSource does. The bytes changed
// since the previous version are found by comparing the two (common prefix and suffix), so
// the caller need not track edit ranges. Edits that add or remove line breaks are parsed
// from scratch: the tree-sitter binding in use passes the old end position for the new one
// (go-tree-sitter's EditInput.c), which is harmless only while every line keeps its row.
func (d *DocumentParser) Parse(src []byte) *File {
	if bytes.IndexByte(src, 0) >= 0 {
		// Binary content, or NULs inside literals: parsed from scratch (ParseFile hides
		// NULs from tree-sitter, whose incremental edits would see the raw bytes).
		d.Close()
		return ParseSource(d.path, src)
	}
	var old *sitter.Tree
	if d.tree != nil {
		if e, ok := singleLineEdit(d.src, src); ok {
			d.tree.Edit(e)
			old = d.tree
			d.Reused++
		}
	}
	tree := ParseTree(src, old)
	if old != nil && tree.RootNode().HasError() {
		// Error recovery may go another way when it starts from an old tree: broken text is
		// parsed from scratch, so the model never depends on the edit history.
		tree.Close()
		tree = ParseTree(src, nil)
	}
	d.Close()
	d.tree, d.src = tree, src
	return classify(d.path, ExtractFile(d.path, src, tree, IsTestPath(d.path)))
}

// Close releases the kept tree; the next Parse starts from scratch.
func (d *DocumentParser) Close() {
	if d.tree != nil {
		d.tree.Close()
		d.tree, d.src = nil, nil
	}
}

// singleLineEdit describes the change from old to cur as one tree-sitter edit, when the
// changed bytes hold no line break in either version.
func singleLineEdit(old, cur []byte) (sitter.EditInput, bool) {
	prefix := 0
	for prefix < len(old) && prefix < len(cur) && old[prefix] == cur[prefix] {
		prefix++
	}
	suffix := 0
	for suffix < len(old)-prefix && suffix < len(cur)-prefix && old[len(old)-1-suffix] == cur[len(cur)-1-suffix] {
		suffix++
	}
	oldEnd, newEnd := len(old)-suffix, len(cur)-suffix
	if bytes.IndexByte(old[prefix:oldEnd], '\n') >= 0 || bytes.IndexByte(cur[prefix:newEnd], '\n') >= 0 {
		return sitter.EditInput{}, false
	}
	row := uint32(bytes.Count(old[:prefix], []byte{'\n'}))
	lineStart := bytes.LastIndexByte(old[:prefix], '\n') + 1
	point := func(at int) sitter.Point { return sitter.Point{Row: row, Column: uint32(at - lineStart)} }
	return sitter.EditInput{
		StartIndex: uint32(prefix), OldEndIndex: uint32(oldEnd), NewEndIndex: uint32(newEnd),
		StartPoint: point(prefix), OldEndPoint: point(oldEnd), NewEndPoint: point(newEnd),
	}, true
}
