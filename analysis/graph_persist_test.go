package analysis

import (
	"bytes"
	"encoding/binary"
	"os"
	"path/filepath"
	"testing"

	"github.com/assertlens/assertlens/analysis/javagen"
	"github.com/cespare/xxhash/v2"
)

// TestRestoreGraphEqualsBuild stores the graph of every graph fixture and of a generated
// project and restores it: the restored graph must equal the built one (edges, both
// stores, the caller index, uncertainty notes), and updating it after an edit must give
// what building the edited snapshot gives, which needs the stored lookups (deps).
func TestRestoreGraphEqualsBuild(t *testing.T) {
	entries, err := os.ReadDir(filepath.Join("..", "testdata", "graph"))
	if err != nil {
		t.Fatal(err)
	}
	dirs := map[string]string{}
	for _, e := range entries {
		if e.IsDir() {
			dirs[e.Name()] = filepath.Join("..", "testdata", "graph", e.Name())
		}
	}
	gen := t.TempDir()
	if err := javagen.Write(gen, javagen.Options{Classes: 150, TestClasses: 20, Seed: 3}); err != nil {
		t.Fatal(err)
	}
	dirs["generated"] = gen
	for name, dir := range dirs {
		t.Run(name, func(t *testing.T) {
			src := readJavaTree(t, dir)
			s := snapshotFromSource(t, dir, src)
			built := BuildGraph(s)
			var buf bytes.Buffer
			if err := built.Encode(&buf); err != nil {
				t.Fatal(err)
			}
			restored, err := RestoreGraph(s, bytes.NewReader(buf.Bytes()))
			if err != nil {
				t.Fatal(err)
			}
			assertSameGraph(t, "restored", built, restored)
			assertSameIndex(t, "restored", built.idx, restored.idx)
			if name != "generated" {
				return
			}
			// A signature edit: files that looked the changed type up resolve again.
			p := javagen.ClassPath(10)
			edited := applyFileEdit(t, src, fileEdit{path: p, old: "    public int m3(int x) {", new: "    public int extra(int x) {\n        return x;\n    }\n\n    public int m3(int x) {"})
			es := snapshotFromSource(t, dir, edited)
			assertSameGraph(t, "restored, then updated", BuildGraph(es), restored.Update(es, []string{p}))
		})
	}
}

// TestRestoreGraphRejectsOtherData checks that a stored graph is used only when it is
// whole and belongs to the snapshot's files.
func TestRestoreGraphRejectsOtherData(t *testing.T) {
	dir := filepath.Join("..", "testdata", "graph", "dispatch")
	src := readJavaTree(t, dir)
	s := snapshotFromSource(t, dir, src)
	var buf bytes.Buffer
	if err := BuildGraph(s).Encode(&buf); err != nil {
		t.Fatal(err)
	}
	data := buf.Bytes()
	other := snapshotFromSource(t, dir, applyFileEdit(t, src, fileEdit{path: "src/main/java/app/Circle.java", delete: true}))
	cases := map[string]struct {
		data []byte
		s    *Snapshot
	}{
		"truncated":        {data[:len(data)/2], s},
		"trailing bytes":   {append(bytes.Clone(data), 0), s},
		"another format":   {reformatted(data), s},
		"empty":            {nil, s},
		"another file set": {data, other},
		"a flipped byte":   {flipped(data), s},
	}
	for name, c := range cases {
		if _, err := RestoreGraph(c.s, bytes.NewReader(c.data)); err == nil {
			t.Errorf("%s: restored without an error", name)
		}
	}
}

// flipped changes one byte in the middle of data.
func flipped(data []byte) []byte {
	out := bytes.Clone(data)
	out[len(out)/2] ^= 0x40
	return out
}

// reformatted is data under another format name, with a valid checksum.
func reformatted(data []byte) []byte {
	body := bytes.Replace(data[:len(data)-8], []byte(graphFormat), []byte("assertlens-graph-v0"), 1)
	return binary.LittleEndian.AppendUint64(body, xxhash.Sum64(body))
}
