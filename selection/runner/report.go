package runner

import (
	"encoding/xml"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// xmlSuite is a legacy (Ant-style) JUnit XML report as written by the console launcher.
type xmlSuite struct {
	Cases []xmlCase `xml:"testcase"`
}

type xmlCase struct {
	Name      string      `xml:"name,attr"`
	ClassName string      `xml:"classname,attr"`
	Time      string      `xml:"time,attr"`
	Failure   *xmlProblem `xml:"failure"`
	Error     *xmlProblem `xml:"error"`
	Skipped   *xmlProblem `xml:"skipped"`
}

type xmlProblem struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr"`
	Text    string `xml:",chardata"`
}

// readReports parses every XML report in dir into raw per-invocation results.
func readReports(dir string) ([]xmlCase, error) {
	paths, err := filepath.Glob(filepath.Join(dir, "*.xml"))
	if err != nil {
		return nil, fmt.Errorf("list reports: %w", err)
	}
	sort.Strings(paths)
	var cases []xmlCase
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			return nil, fmt.Errorf("read report: %w", err)
		}
		var s xmlSuite
		if err := xml.Unmarshal(data, &s); err != nil {
			return nil, fmt.Errorf("parse report %s: %w", filepath.Base(p), err)
		}
		cases = append(cases, s.Cases...)
	}
	return cases, nil
}

// sourceLocator maps test classes and stack frames to files relative to Root.
type sourceLocator struct {
	byPkgFile map[string]string // "pkg/File.java" -> rel
	lineMaps  map[string]map[int]int
	origins   map[string]string
}

// newSourceLocator indexes the compiled sources.
func newSourceLocator(files map[string]*sourceFile, req Request) *sourceLocator {
	l := &sourceLocator{byPkgFile: map[string]string{}, lineMaps: map[string]map[int]int{}, origins: map[string]string{}}
	for rel, f := range files {
		key := strings.ReplaceAll(f.Package, ".", "/") + "/" + baseName(rel)
		if prev, ok := l.byPkgFile[key]; !ok || f.Test && !files[prev].Test {
			l.byPkgFile[key] = rel
		}
	}
	for k, v := range req.LineMaps {
		l.lineMaps[cleanRel(k)] = v
	}
	for k, v := range req.Origins {
		l.origins[cleanRel(k)] = cleanRel(v)
	}
	return l
}

// userLocation maps a shadow-relative file and line to what the user sees.
func (l *sourceLocator) userLocation(rel string, line int) (string, int) {
	if m, ok := l.lineMaps[rel]; ok && line > 0 {
		if orig, ok := m[line]; ok {
			line = orig
		}
	}
	if o, ok := l.origins[rel]; ok {
		rel = o
	}
	return rel, line
}

// classFile returns the relative source of a binary class name (by its top-level class).
func (l *sourceLocator) classFile(class string) string {
	top := class
	if i := strings.IndexByte(top, '$'); i >= 0 {
		top = top[:i]
	}
	pkg, simple := "", top
	if i := strings.LastIndexByte(top, '.'); i >= 0 {
		pkg, simple = top[:i], top[i+1:]
	}
	return l.byPkgFile[strings.ReplaceAll(pkg, ".", "/")+"/"+simple+".java"]
}

var frameRe = regexp.MustCompile(`at (?:[\w.$-]+/)*([\w$.]+)\.[\w$<>]+\(([^:()]+\.java):(\d+)\)`)

// failingLine finds the first stack frame in the test class's source file.
func (l *sourceLocator) failingLine(class, rel, trace string) int {
	pkg := ""
	top := class
	if i := strings.IndexByte(top, '$'); i >= 0 {
		top = top[:i]
	}
	if i := strings.LastIndexByte(top, '.'); i >= 0 {
		pkg = top[:i]
	}
	for _, m := range frameRe.FindAllStringSubmatch(trace, -1) {
		fc := m[1]
		fpkg := ""
		if i := strings.LastIndexByte(fc, '.'); i >= 0 {
			fpkg = fc[:i]
		}
		if rel != "" {
			if fpkg == pkg && m[2] == baseName(rel) {
				n, _ := strconv.Atoi(m[3])
				return n
			}
			continue
		}
		if fc == top || strings.HasPrefix(fc, top+"$") {
			n, _ := strconv.Atoi(m[3])
			return n
		}
	}
	return 0
}

// statusRank orders statuses when folding invocations: the worst wins.
var statusRank = map[string]int{StatusSkipped: 0, StatusPassed: 1, StatusFailed: 2, StatusError: 3}

// foldResults turns report test cases into one result per test method.
func foldResults(cases []xmlCase, loc *sourceLocator) []TestResult {
	index := map[string]int{}
	var out []TestResult
	for _, c := range cases {
		method := c.Name
		if i := strings.IndexAny(method, "(["); i >= 0 {
			method = method[:i]
		}
		r := TestResult{Class: c.ClassName, Method: method, Status: StatusPassed}
		secs, _ := strconv.ParseFloat(c.Time, 64)
		r.TimeMs = int64(secs*1000 + 0.5)
		rel := loc.classFile(c.ClassName)
		r.File, _ = loc.userLocation(rel, 0)
		var prob *xmlProblem
		switch {
		case c.Error != nil:
			r.Status, prob = StatusError, c.Error
		case c.Failure != nil:
			r.Status, prob = StatusFailed, c.Failure
		case c.Skipped != nil:
			r.Status = StatusSkipped
			r.Message = strings.TrimSpace(c.Skipped.Message)
		}
		if prob != nil {
			r.Message = prob.Message
			if r.Message == "" {
				r.Message = strings.TrimSpace(strings.SplitN(prob.Text, "\n", 2)[0])
			}
			r.Expected, r.Actual = expectedActual(r.Message, prob.Type)
			if line := loc.failingLine(c.ClassName, rel, prob.Text); line > 0 {
				_, r.Line = loc.userLocation(rel, line)
			}
			if c.Name != method+"()" && c.Name != method {
				r.Message = c.Name + ": " + r.Message
			}
		}
		key := r.ID()
		i, seen := index[key]
		if !seen {
			index[key] = len(out)
			out = append(out, r)
			continue
		}
		prev := &out[i]
		time := prev.TimeMs + r.TimeMs
		if statusRank[r.Status] > statusRank[prev.Status] {
			*prev = r
		}
		prev.TimeMs = time
	}
	return out
}
