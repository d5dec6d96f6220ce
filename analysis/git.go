package analysis

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"maps"
	"os/exec"
	"path"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
)

// ErrUnknownRevision is returned when git does not know the requested revision.
var ErrUnknownRevision = errors.New("unknown revision")

// GitSource reads the workspace's files as they are at a git revision, without touching
// the work tree.
type GitSource struct {
	Root   string // workspace root (may be a folder inside the repository)
	Rev    string
	commit string
	prefix string // Root relative to the repository top, with trailing slash, or ""

	once  sync.Once
	files map[string]string // relative path -> blob id
	// built are the generated sources the work tree holds and the revision does not
	// (target/generated-sources, which git ignores): read from disk, see load.
	built map[string]bool
	err   error

	// Missing lists the files ReadAll left out because the repository lacks their content.
	Missing []string
}

// OpenGitSource checks that rev names a commit in the repository holding root.
func OpenGitSource(root, rev string) (*GitSource, error) {
	out, err := gitOutput(root, "rev-parse", "--verify", "--quiet", rev+"^{commit}")
	if err != nil {
		if _, err2 := gitOutput(root, "rev-parse", "--git-dir"); err2 != nil {
			return nil, fmt.Errorf("%s is not inside a git repository: %w", root, err2)
		}
		return nil, fmt.Errorf("%w %q", ErrUnknownRevision, rev)
	}
	prefix, err := gitOutput(root, "rev-parse", "--show-prefix")
	if err != nil {
		return nil, fmt.Errorf("find repository prefix: %w", err)
	}
	return &GitSource{Root: root, Rev: rev, commit: strings.TrimSpace(out), prefix: strings.TrimSpace(prefix)}, nil
}

// Commit returns the full commit id the revision resolved to.
func (g *GitSource) Commit() string { return g.commit }

// Describe implements Source.
func (g *GitSource) Describe() string { return g.Rev }

func (g *GitSource) load() {
	g.once.Do(func() {
		args := []string{"ls-tree", "-r", "-z", "--full-tree", g.commit}
		out, err := gitOutput(g.Root, args...)
		if err != nil {
			g.err = fmt.Errorf("list files at %s: %w", g.Rev, err)
			return
		}
		g.files = map[string]string{}
		for _, rec := range strings.Split(out, "\x00") {
			// "<mode> blob <id>\t<path>"
			tab := strings.IndexByte(rec, '\t')
			if tab < 0 {
				continue
			}
			meta := strings.Fields(rec[:tab])
			p := rec[tab+1:]
			if len(meta) != 3 || meta[1] != "blob" || !strings.HasPrefix(p, g.prefix) {
				continue
			}
			rel := strings.TrimPrefix(p, g.prefix)
			if wanted(rel) {
				g.files[rel] = meta[2]
			}
		}
		// What the build generated is no edit of the user's and git holds none of it: the
		// revision reads the work tree's, as the work tree does (DirSource), so that a
		// generated parser is not an added class in every comparison with a revision
		// (commons-configuration's JavaCC output selected most of its suite for any edit).
		g.built = map[string]bool{}
		for _, rel := range (DirSource{Root: g.Root}).generatedFiles(slices.Collect(maps.Keys(g.files))) {
			if _, tracked := g.files[rel]; !tracked {
				g.built[rel] = true
			}
		}
	})
}

// List implements Source.
func (g *GitSource) List() ([]string, error) {
	g.load()
	if g.err != nil {
		return nil, g.err
	}
	out := make([]string, 0, len(g.files)+len(g.built))
	for p := range g.files {
		out = append(out, p)
	}
	for p := range g.built {
		out = append(out, p)
	}
	sortStrings(out)
	return out, nil
}

// Read implements Source.
func (g *GitSource) Read(rel string) ([]byte, error) {
	g.load()
	if g.err != nil {
		return nil, g.err
	}
	if g.built[rel] {
		return DirSource{Root: g.Root}.Read(rel)
	}
	id, ok := g.files[rel]
	if !ok {
		// A file above the workspace, inside the repository (a parent POM, "../pom.xml").
		full := path.Clean(g.prefix + rel)
		if !strings.HasPrefix(rel, "../") || full == ".." || strings.HasPrefix(full, "../") {
			return nil, fmt.Errorf("read %s at %s: no such file", rel, g.Rev)
		}
		id = g.commit + ":" + full
	}
	cmd := exec.Command("git", "-C", g.Root, "cat-file", "blob", id)
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("read %s at %s: %w", rel, g.Rev, err)
	}
	return out, nil
}

// ReadAll reads every listed file through one `git cat-file --batch` process, which is far
// faster than one process per file. It returns a map from relative path to content; a
// file whose content the repository lacks is left out and named in Missing.
func (g *GitSource) ReadAll() (map[string][]byte, error) {
	paths, err := g.List()
	if err != nil {
		return nil, err
	}
	out := make(map[string][]byte, len(paths))
	for p := range g.built {
		// One that vanished since it was listed reads as not there.
		if b, err := (DirSource{Root: g.Root}).Read(p); err == nil {
			out[p] = b
		}
	}
	paths = slices.DeleteFunc(paths, func(p string) bool { return g.built[p] })
	cmd := exec.Command("git", "-C", g.Root, "cat-file", "--batch")
	var in bytes.Buffer
	for _, p := range paths {
		in.WriteString(g.files[p])
		in.WriteByte('\n')
	}
	cmd.Stdin = &in
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, fmt.Errorf("git cat-file: %w", err)
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("git cat-file: %w", err)
	}
	r := bufio.NewReaderSize(stdout, 1<<20)
	for _, p := range paths {
		header, err := r.ReadString('\n')
		if err != nil {
			cmd.Wait()
			return nil, fmt.Errorf("git cat-file header for %s: %w", p, err)
		}
		fields := strings.Fields(header)
		if len(fields) == 2 && fields[1] == "missing" {
			// The repository lacks the object (a partial or shallow copy, a mirror without
			// its large files). The revision reads as not having the file: a work-tree copy
			// then counts as added, which selects more, never less.
			g.Missing = append(g.Missing, p)
			continue
		}
		if len(fields) != 3 {
			cmd.Wait()
			return nil, fmt.Errorf("git cat-file: unexpected header %q", header)
		}
		size, err := strconv.Atoi(fields[2])
		if err != nil {
			cmd.Wait()
			return nil, fmt.Errorf("git cat-file: bad size in %q", header)
		}
		buf := make([]byte, size+1) // content plus trailing newline
		if _, err := io.ReadFull(r, buf); err != nil {
			cmd.Wait()
			return nil, fmt.Errorf("git cat-file content of %s: %w", p, err)
		}
		out[p] = buf[:size]
	}
	if err := cmd.Wait(); err != nil {
		return nil, fmt.Errorf("git cat-file: %w", err)
	}
	return out, nil
}

// MemorySource is a Source held in memory (a git revision read in one go, or test data).
type MemorySource struct {
	Name  string
	Files map[string][]byte
}

// Describe implements Source.
func (m MemorySource) Describe() string { return m.Name }

// List implements Source.
func (m MemorySource) List() ([]string, error) {
	out := make([]string, 0, len(m.Files))
	for p := range m.Files {
		if wanted(p) {
			out = append(out, p)
		}
	}
	sortStrings(out)
	return out, nil
}

// Read implements Source.
func (m MemorySource) Read(rel string) ([]byte, error) {
	b, ok := m.Files[rel]
	if !ok {
		return nil, fmt.Errorf("read %s in %s: no such file", rel, m.Name)
	}
	return b, nil
}

// RevisionSource reads a whole revision into memory at once and returns it as a Source.
func RevisionSource(root, rev string) (Source, string, error) {
	g, err := OpenGitSource(root, rev)
	if err != nil {
		return nil, "", err
	}
	files, err := g.ReadAll()
	if err != nil {
		return nil, "", err
	}
	return revisionSource{MemorySource{Name: rev, Files: files}, g}, g.Commit(), nil
}

// revisionSource is a revision's files read at once, with the rare file outside the
// listing (a parent POM above the workspace) read from git when asked for.
type revisionSource struct {
	MemorySource
	git *GitSource
}

// Read implements Source.
func (r revisionSource) Read(rel string) ([]byte, error) {
	if b, ok := r.Files[rel]; ok {
		return b, nil
	}
	return r.git.Read(rel)
}

func gitOutput(dir string, args ...string) (string, error) {
	cmd := exec.Command("git", append([]string{"-C", dir}, args...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		msg := strings.TrimSpace(stderr.String())
		if msg == "" {
			return "", fmt.Errorf("git %s: %w", args[0], err)
		}
		return "", fmt.Errorf("git %s: %s", args[0], msg)
	}
	return string(out), nil
}

func sortStrings(s []string) { sort.Strings(s) }
