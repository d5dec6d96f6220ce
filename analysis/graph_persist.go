package analysis

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"maps"
	"slices"
	"sync"

	"github.com/cespare/xxhash/v2"
)

// graphFormat names the encoding of Encode; RestoreGraph refuses anything else.
const graphFormat = "assertlens-graph-v7"

// Encode writes what resolving the graph's files produced (per file: its edges, the
// lookups they relied on, its uncertainty notes and shape), so that RestoreGraph can stand
// in for BuildGraph on the same snapshot without resolving anything. Strings are written
// once, in a table, and referred to by number; a checksum of everything ends the data.
func (g *Graph) Encode(w io.Writer) error {
	paths := slices.Sorted(maps.Keys(g.files))
	ids := map[string]uint64{}
	var table []string
	ref := func(s string) uint64 {
		if i, ok := ids[s]; ok {
			return i
		}
		ids[s] = uint64(len(table))
		table = append(table, s)
		return ids[s]
	}
	var body []byte
	put := func(v uint64) { body = binary.AppendUvarint(body, v) }
	putSet := func(m map[string]struct{}) {
		put(uint64(len(m)))
		for _, k := range slices.Sorted(maps.Keys(m)) {
			put(ref(k))
		}
	}
	put(uint64(len(paths)))
	for _, p := range paths {
		fg := g.files[p]
		put(ref(fg.path))
		put(fg.shape)
		put(uint64(len(fg.uncertain)))
		for _, u := range fg.uncertain {
			put(ref(u))
		}
		for _, set := range fg.deps.sets() {
			putSet(set)
		}
		put(uint64(len(fg.edges)))
		for _, e := range fg.edges {
			put(ref(e.From))
			put(ref(e.To))
			put(ref(e.Kind))
			put(ref(e.Uncertain))
			put(ref(e.Recv))
			put(uint64(e.Line)<<1 | b2u(e.This))
		}
	}
	bw := bufio.NewWriterSize(w, 1<<20)
	var head []byte
	head = binary.AppendUvarint(head, uint64(len(graphFormat)))
	head = append(head, graphFormat...)
	head = binary.AppendUvarint(head, uint64(len(table)))
	for _, s := range table {
		head = binary.AppendUvarint(head, uint64(len(s)))
		head = append(head, s...)
	}
	if _, err := bw.Write(head); err != nil {
		return fmt.Errorf("encode graph: %w", err)
	}
	if _, err := bw.Write(body); err != nil {
		return fmt.Errorf("encode graph: %w", err)
	}
	sum := xxhash.New()
	sum.Write(head)
	sum.Write(body)
	if _, err := bw.Write(binary.LittleEndian.AppendUint64(nil, sum.Sum64())); err != nil {
		return fmt.Errorf("encode graph: %w", err)
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("encode graph: %w", err)
	}
	return nil
}

// sets returns the lookup sets in a fixed order (Encode and RestoreGraph agree on it).
func (d *deps) sets() []map[string]struct{} {
	return []map[string]struct{}{d.types, d.names, d.methods, d.fields, d.subs}
}

// errGraphData reports stored graph data that cannot be read back.
var errGraphData = errors.New("stored graph is damaged or of another format")

// RestoreGraph reads a graph Encode wrote for a snapshot with the same sources as s (the
// caller keys stored graphs by Snapshot.Fingerprint) and returns the graph BuildGraph(s)
// would: the index is built from s, the stores and the caller index from the stored
// edges. Damaged data, another format, or files other than s's are an error.
func RestoreGraph(s *Snapshot, r io.Reader) (*Graph, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("restore graph: %w", err)
	}
	if len(data) < 8 || binary.LittleEndian.Uint64(data[len(data)-8:]) != xxhash.Sum64(data[:len(data)-8]) {
		return nil, errGraphData
	}
	data = data[:len(data)-8]
	d := &graphReader{data: data}
	if d.str() != graphFormat {
		return nil, errGraphData
	}
	n := d.count()
	table := make([]string, 0, min(n, len(data)))
	for i := 0; i < n && d.err == nil; i++ {
		table = append(table, d.str())
	}
	ref := func() string {
		i := d.uvarint()
		if i >= uint64(len(table)) {
			d.err = errGraphData
			return ""
		}
		return table[i]
	}
	readSet := func() map[string]struct{} {
		k := d.count()
		m := make(map[string]struct{}, min(k, 1<<16))
		for i := 0; i < k && d.err == nil; i++ {
			m[ref()] = struct{}{}
		}
		return m
	}
	// The index does not depend on the stored data: build it meanwhile.
	var idx *index
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		idx = buildIndex(s)
	}()
	files := make([]*fileGraph, 0, len(s.Files))
	nf := d.count()
	for i := 0; i < nf && d.err == nil; i++ {
		fg := &fileGraph{path: ref(), shape: d.uvarint(), deps: &deps{}}
		nu := d.count()
		for j := 0; j < nu && d.err == nil; j++ {
			fg.uncertain = append(fg.uncertain, ref())
		}
		fg.deps.types, fg.deps.names, fg.deps.methods, fg.deps.fields, fg.deps.subs = readSet(), readSet(), readSet(), readSet(), readSet()
		ne := d.count()
		fg.edges = make([]Edge, 0, min(ne, len(data)))
		for j := 0; j < ne && d.err == nil; j++ {
			e := Edge{From: ref(), To: ref(), Kind: ref(), Uncertain: ref(), Recv: ref()}
			lineThis := d.uvarint()
			e.Line, e.This = int(lineThis>>1), lineThis&1 == 1
			fg.edges = append(fg.edges, e)
		}
		files = append(files, fg)
	}
	wg.Wait()
	if d.err != nil || d.off != len(data) {
		return nil, errGraphData
	}
	if len(files) != len(s.Files) {
		return nil, fmt.Errorf("restore graph: %d files stored, the snapshot has %d", len(files), len(s.Files))
	}
	g := &Graph{snap: s, idx: idx, files: make(map[string]*fileGraph, len(files))}
	for _, fg := range files {
		if s.Files[fg.path] == nil {
			return nil, fmt.Errorf("restore graph: %s is not in the snapshot", fg.path)
		}
		g.files[fg.path] = fg
	}
	g.assembleStores(files)
	return g, nil
}

// graphReader reads what Encode wrote; the first problem sticks in err.
type graphReader struct {
	data []byte
	off  int
	err  error
}

func (d *graphReader) uvarint() uint64 {
	if d.err != nil {
		return 0
	}
	v, n := binary.Uvarint(d.data[d.off:])
	if n <= 0 {
		d.err = errGraphData
		return 0
	}
	d.off += n
	return v
}

// count reads a length, which can be no larger than what is left to read.
func (d *graphReader) count() int {
	v := d.uvarint()
	if v > uint64(len(d.data)-d.off) {
		d.err = errGraphData
		return 0
	}
	return int(v)
}

func (d *graphReader) str() string {
	n := d.count()
	if d.err != nil {
		return ""
	}
	s := string(d.data[d.off : d.off+n])
	d.off += n
	return s
}

// b2u is 1 for true and 0 for false.
func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}
