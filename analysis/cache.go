package analysis

import (
	"bufio"
	"encoding/gob"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"sync"

	"github.com/assertlens/assertlens/analysis/atomicfile"
	"github.com/assertlens/assertlens/analysis/gobchunks"

	"github.com/cespare/xxhash/v2"
)

// cacheFormat changes whenever File or the extraction rules change; an index written by
// another format is ignored and rebuilt.
const cacheFormat = "assertlens-index-v56-chunked"

// Cache is the on-disk store of parsed files, keyed by path and content hash, so a restart
// parses only what changed. It is loaded whole and saved atomically.
type Cache struct {
	Dir string

	mu      sync.Mutex
	entries map[uint64]*File
	used    map[uint64]bool
	dirty   bool
}

// CacheDir returns the cache folder for a workspace root: $ASSERTLENS_CACHE_DIR if set, else
// os.UserCacheDir()/assertlens/<hash of root>.
func CacheDir(root string) (string, error) {
	if d := os.Getenv("ASSERTLENS_CACHE_DIR"); d != "" {
		return d, nil
	}
	base, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("find user cache dir: %w", err)
	}
	return filepath.Join(base, "assertlens", strconv.FormatUint(xxhash.Sum64String(root), 16)), nil
}

type cacheHeader struct {
	Format string
	Count  int
}

// OpenCache loads the index stored in dir. A missing, corrupt or foreign file yields an
// empty cache: it is never trusted, only rebuilt.
func OpenCache(dir string) *Cache {
	c := &Cache{Dir: dir, entries: map[uint64]*File{}, used: map[uint64]bool{}}
	fh, err := os.Open(filepath.Join(dir, "index.gob"))
	if err != nil {
		return c
	}
	defer fh.Close()
	files, err := readCache(bufio.NewReaderSize(fh, 1<<20))
	if err != nil {
		return c
	}
	for _, f := range files {
		c.entries[cacheKey(f.Path, f.ContentHash)] = f
	}
	return c
}

// readCache decodes what writeCache wrote: a cacheHeader, then the files in chunks that
// decode in parallel (reading the index is most of a warm start).
func readCache(r io.Reader) ([]*File, error) {
	dec := gob.NewDecoder(r)
	var h cacheHeader
	if err := dec.Decode(&h); err != nil {
		return nil, err
	}
	if h.Format != cacheFormat {
		return nil, fmt.Errorf("index of another format %q", h.Format)
	}
	files, err := gobchunks.Decode[*File](dec)
	if err != nil {
		return nil, err
	}
	if len(files) != h.Count {
		return nil, fmt.Errorf("index holds %d files, its header says %d", len(files), h.Count)
	}
	return files, nil
}

func cacheKey(rel string, contentHash uint64) uint64 {
	d := xxhash.New()
	d.WriteString(rel)
	d.Write([]byte{0})
	writeUint64(d, contentHash)
	return d.Sum64()
}

// Empty reports whether the cache holds no parsed file: the start is cold.
func (c *Cache) Empty() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.entries) == 0
}

// Get returns the cached File for rel with exactly this content, or nil.
func (c *Cache) Get(rel string, content []byte) *File {
	k := cacheKey(rel, xxhash.Sum64(content))
	c.mu.Lock()
	defer c.mu.Unlock()
	f := c.entries[k]
	if f != nil {
		c.used[k] = true
	}
	return f
}

// Put records a freshly parsed File.
func (c *Cache) Put(f *File) {
	k := cacheKey(f.Path, f.ContentHash)
	c.mu.Lock()
	defer c.mu.Unlock()
	c.entries[k] = f
	c.used[k] = true
	c.dirty = true
}

// Save writes the entries used since loading (so deleted files drop out) to disk through a
// temporary file and a rename: a crash leaves either the old index or the new one.
// The cache stays usable meanwhile: the entries are collected under the lock and encoded
// outside it.
func (c *Cache) Save() error {
	c.mu.Lock()
	if !c.dirty && len(c.used) == len(c.entries) {
		c.mu.Unlock()
		return nil
	}
	files := make([]*File, 0, len(c.used))
	for k := range c.used {
		files = append(files, c.entries[k])
	}
	c.dirty = false
	c.mu.Unlock()
	err := os.MkdirAll(c.Dir, 0o755)
	if err != nil {
		err = fmt.Errorf("create cache dir: %w", err)
	} else if err = atomicfile.WriteFunc(filepath.Join(c.Dir, "index.gob"), func(w io.Writer) error { return writeCache(w, files) }); err != nil {
		err = fmt.Errorf("save index cache: %w", err)
	}
	if err != nil {
		c.mu.Lock()
		c.dirty = true
		c.mu.Unlock()
	}
	return err
}

func writeCache(w io.Writer, files []*File) error {
	enc := gob.NewEncoder(w)
	if err := enc.Encode(cacheHeader{Format: cacheFormat, Count: len(files)}); err != nil {
		return fmt.Errorf("encode cache header: %w", err)
	}
	if err := gobchunks.Encode(enc, files); err != nil {
		return fmt.Errorf("encode cache: %w", err)
	}
	return nil
}
