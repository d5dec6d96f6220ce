package analysis

import (
	"sync"

	sitter "github.com/smacker/go-tree-sitter"
)

// parsedTrees hands the parse trees of test files made by Build over to test discovery, so
// that a cold start parses each test file once: discovery needs the statements of every
// test method, which only the tree has. Each tree is taken at most once.
type parsedTrees struct {
	mu    sync.Mutex
	trees map[string]parsedTree
}

type parsedTree struct {
	tree *sitter.Tree
	hash uint64 // content hash of the source it was parsed from
}

func (p *parsedTrees) put(rel string, hash uint64, tree *sitter.Tree) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.trees == nil {
		p.trees = map[string]parsedTree{}
	}
	p.trees[rel] = parsedTree{tree: tree, hash: hash}
}

// TakeParsedTree returns the tree Build parsed rel into, when the snapshot was built by
// parsing rel (not restored from the cache) and rel is test code whose content hashes to
// hash; otherwise nil. The caller owns the tree (and closes it); a second call returns nil.
// Snapshots derived by WithFile hand over nothing.
func (s *Snapshot) TakeParsedTree(rel string, hash uint64) *sitter.Tree {
	if s.parsed == nil {
		return nil
	}
	s.parsed.mu.Lock()
	defer s.parsed.mu.Unlock()
	pt, ok := s.parsed.trees[rel]
	if !ok {
		return nil
	}
	delete(s.parsed.trees, rel)
	if pt.hash != hash {
		pt.tree.Close()
		return nil
	}
	return pt.tree
}

// ReleaseParsedTrees frees the trees nobody took (a start whose tests came from the cache).
func (s *Snapshot) ReleaseParsedTrees() {
	if s.parsed == nil {
		return
	}
	s.parsed.mu.Lock()
	defer s.parsed.mu.Unlock()
	for rel, pt := range s.parsed.trees {
		pt.tree.Close()
		delete(s.parsed.trees, rel)
	}
}
