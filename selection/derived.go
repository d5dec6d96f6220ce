package selection

import (
	"bufio"
	"encoding/binary"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"

	"github.com/assertlens/assertlens/analysis"
	"github.com/assertlens/assertlens/analysis/atomicfile"
	"github.com/cespare/xxhash/v2"
)

// What the engine derives from a snapshot and keeps in the cache folder (the tests, the
// graph) is stored under a key that names the program and every source (derivedKey), and
// read back only under the same key.

// programHash identifies the running program by the content of its executable: a
// discovery stored by another build (other rules, other bugs) is never restored. Zero when
// the executable cannot be read; nothing is then stored or restored.
var programHash = sync.OnceValue(func() uint64 {
	exe, err := os.Executable()
	if err != nil {
		return 0
	}
	f, err := os.Open(exe)
	if err != nil {
		return 0
	}
	defer f.Close()
	d := xxhash.New()
	if _, err := io.Copy(d, f); err != nil {
		return 0
	}
	return d.Sum64()
})

// derivedKey identifies what the running program derives from s (what names it, and the
// options it depends on): the program, the kind, the options and every source s was read
// from. The second result is false when no key can be made.
func derivedKey(s *analysis.Snapshot, kind, options string) (uint64, bool) {
	prog := programHash()
	if prog == 0 {
		return 0, false
	}
	d := xxhash.New()
	var b [8]byte
	for _, v := range []uint64{prog, s.Fingerprint()} {
		binary.LittleEndian.PutUint64(b[:], v)
		d.Write(b[:])
	}
	d.WriteString(kind)
	d.Write([]byte{0})
	d.WriteString(options)
	return d.Sum64(), true
}

// readDerived decodes the file name in dir with decode if it was written under key; ok is
// false when there is none, it was made from other sources or by another program, or it
// cannot be read (a damaged cache is ignored, never trusted).
func readDerived[T any](dir, name string, key uint64, decode func(io.Reader) (T, error)) (v T, ok bool) {
	f, err := os.Open(filepath.Join(dir, name))
	if err != nil {
		return v, false
	}
	defer f.Close()
	r := bufio.NewReaderSize(f, 1<<20)
	var stored uint64
	if err := binary.Read(r, binary.LittleEndian, &stored); err != nil || stored != key {
		return v, false
	}
	v, err = decode(r)
	if err != nil {
		return v, false
	}
	return v, true
}

// writeDerived writes key and then what encode writes to the file name in dir, atomically:
// a reader never sees half a file.
func writeDerived(dir, name string, key uint64, encode func(io.Writer) error) error {
	err := atomicfile.WriteFunc(filepath.Join(dir, name), func(w io.Writer) error {
		if err := binary.Write(w, binary.LittleEndian, key); err != nil {
			return err
		}
		return encode(w)
	})
	if err != nil {
		return fmt.Errorf("store %s: %w", name, err)
	}
	return nil
}
