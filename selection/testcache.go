package selection

import (
	"fmt"
	"io"
	"strings"

	"github.com/assertlens/assertlens/analysis"
	"github.com/assertlens/assertlens/slicing"
)

// testsCacheFile holds the tests discovered in the last indexed state, so that starting
// again on the same sources skips discovery (on a large project the longest step).
const testsCacheFile = "tests.gob"

// testsKey is what a stored discovery of s must match to stand in for discovering s: the
// program, the options that change discovery, and every source s was read from. The
// second result is false when no key can be made.
func testsKey(s *analysis.Snapshot, opts slicing.Options) (uint64, bool) {
	return derivedKey(s, "tests", strings.Join(opts.ExtraAssertions, ","))
}

// restoreTests reads the discovery stored in dir under key (see readDerived).
func restoreTests(dir string, key uint64, s *analysis.Snapshot, opts slicing.Options) (*slicing.Discovery, bool) {
	return readDerived(dir, testsCacheFile, key, func(r io.Reader) (*slicing.Discovery, error) { return slicing.Restore(s, r, opts) })
}

// storeTests writes d, discovered under key, to dir.
func storeTests(dir string, key uint64, d *slicing.Discovery) error {
	return writeDerived(dir, testsCacheFile, key, d.Encode)
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
