// Package gobchunks stores a long slice in a gob stream as several independent gob streams,
// so that reading it back decodes on every core. The caches of a warm start (parsed files,
// discovered tests) are long slices whose decoding took most of the start.
package gobchunks

import (
	"bytes"
	"encoding/gob"
	"fmt"
	"runtime"
	"sync"
)

// maxChunks bounds the chunk count Decode accepts from a stream.
const maxChunks = 1024

// Encode writes items to enc as the number of chunks followed by each chunk, a byte slice
// holding a gob stream of some of the items (encoded in parallel).
func Encode[T any](enc *gob.Encoder, items []T) error {
	n := min(max(2*runtime.GOMAXPROCS(0), 4), len(items))
	chunks := make([]bytes.Buffer, n)
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range chunks {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = gob.NewEncoder(&chunks[i]).Encode(items[i*len(items)/n : (i+1)*len(items)/n])
		}()
	}
	wg.Wait()
	if err := enc.Encode(n); err != nil {
		return err
	}
	for i := range chunks {
		if errs[i] != nil {
			return errs[i]
		}
		if err := enc.Encode(chunks[i].Bytes()); err != nil {
			return err
		}
	}
	return nil
}

// Decode reads what Encode wrote, decoding each chunk on its own goroutine as soon as it is
// read (at most GOMAXPROCS at a time), so that only the chunks in flight are held as bytes.
func Decode[T any](dec *gob.Decoder) ([]T, error) {
	var n int
	if err := dec.Decode(&n); err != nil {
		return nil, err
	}
	if n < 0 || n > maxChunks {
		return nil, fmt.Errorf("gobchunks: %d chunks", n)
	}
	parts := make([][]T, n)
	errs := make([]error, n)
	slots := make(chan struct{}, runtime.GOMAXPROCS(0))
	var wg sync.WaitGroup
	var readErr error
	for i := range parts {
		var b []byte
		if readErr = dec.Decode(&b); readErr != nil {
			break
		}
		slots <- struct{}{}
		wg.Add(1)
		go func() {
			defer func() { <-slots; wg.Done() }()
			errs[i] = gob.NewDecoder(bytes.NewReader(b)).Decode(&parts[i])
		}()
	}
	wg.Wait()
	if readErr != nil {
		return nil, readErr
	}
	var out []T
	for i, part := range parts {
		if errs[i] != nil {
			return nil, errs[i]
		}
		out = append(out, part...)
	}
	return out, nil
}
