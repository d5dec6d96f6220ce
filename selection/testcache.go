package selection

import (
	"bufio"
	"encoding/binary"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/assertlens/assertlens/analysis"
	"github.com/assertlens/assertlens/analysis/atomicfile"
	"github.com/assertlens/assertlens/slicing"
	"github.com/cespare/xxhash/v2"
)

// testsCacheFile holds the tests discovered in the last indexed state, so that starting
// again on the same sources skips discovery (on a large project the longest step).
const testsCacheFile = "tests.gob"

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

// testsKey is what a stored discovery of s must match to stand in for discovering s: the
// program, the options that change discovery, and every source s was read from. The
// second result is false when no key can be made.
func testsKey(s *analysis.Snapshot, opts slicing.Options) (uint64, bool) {
	return derivedKey(s, "tests", strings.Join(opts.ExtraAssertions, ","))
}

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

// restoreTests reads the discovery stored in dir if it was made under key; ok is false
// when there is none, it was made from other sources, or it cannot be read (a damaged
// cache is ignored, never trusted).
func restoreTests(dir string, key uint64, s *analysis.Snapshot, opts slicing.Options) (d *slicing.Discovery, ok bool) {
	f, err := os.Open(filepath.Join(dir, testsCacheFile))
	if err != nil {
		return nil, false
	}
	defer f.Close()
	r := bufio.NewReaderSize(f, 1<<20)
	var stored uint64
	if err := binary.Read(r, binary.LittleEndian, &stored); err != nil || stored != key {
		return nil, false
	}
	d, err = slicing.Restore(s, r, opts)
	if err != nil {
		return nil, false
	}
	return d, true
}

// storeTests writes d, discovered under key, to dir (atomically: a reader never sees half
// a file).
func storeTests(dir string, key uint64, d *slicing.Discovery) error {
	err := atomicfile.WriteFunc(filepath.Join(dir, testsCacheFile), func(w io.Writer) error {
		if err := binary.Write(w, binary.LittleEndian, key); err != nil {
			return err
		}
		return d.Encode(w)
	})
	if err != nil {
		return fmt.Errorf("store tests: %w", err)
	}
	return nil
}

// CachedTests returns the tests of s as an engine's Index finds them: restored from the
// cache folder dir when they were stored for the same sources by the same program, else
// discovered, and then stored for the next time (a store that fails is only a lost
// shortcut). One-shot commands that need only the tests (slices) use it.
func CachedTests(dir string, s *analysis.Snapshot, opts slicing.Options) ([]*slicing.TestClass, error) {
	key, keyed := testsKey(s, opts)
	if keyed {
		if d, ok := restoreTests(dir, key, s, opts); ok {
			return d.Classes, nil
		}
	}
	d, err := slicing.DiscoverAll(s, s.Read, opts)
	if err != nil {
		return nil, fmt.Errorf("find tests: %w", err)
	}
	if keyed {
		_ = storeTests(dir, key, d)
	}
	return d.Classes, nil
}
