// Package runner compiles a Java project in a shadow tree under the cache directory and runs
// chosen test methods with the JUnit Platform console launcher (Jupiter and Vintage engines).
// It also offers a tracing mode that instruments chosen method bodies in the shadow copies
// and reports which test lines reach them, used as dynamic ground truth.
//
// The user's workspace is only ever read: sources are copied (with unsaved overlays and
// generated slice classes applied) into CacheDir/shadow/src, compiled into
// CacheDir/shadow/classes/{main,test}, and launcher reports go to CacheDir/shadow/reports.
package runner

import (
	"time"

	"github.com/assertlens/assertlens/analysis/project"
)

// Selector names a test to run. Class is the binary name of the test class, with `$`
// separating nested classes ("pkg.Outer$Inner", as JUnit and the JVM spell it). An empty
// Method selects the whole class.
type Selector struct {
	Class  string
	Method string
}

// Request describes one run.
type Request struct {
	// Root is the absolute workspace root. Nothing is ever written under it.
	Root string
	// CacheDir holds the shadow tree (CacheDir/shadow), the lock file and the run history.
	CacheDir string
	// Classpath lists explicit classpath entries; when nil, ResolveClasspath is used
	// (its answer is cached in CacheDir until a build file changes).
	Classpath []string
	// Project is the build layout (modules, source folders); nil reads it from disk.
	Project *project.Model
	// Files are the Java sources to compile, with their facts, as the caller's snapshot
	// holds them (unsaved buffers included). Nil makes the runner read the workspace's
	// sources itself (inside the build's source folders, Overlays applied).
	Files []File
	// Overlays maps a path relative to Root to unsaved content replacing the disk file
	// (or adding a file that is not on disk yet). Used only when Files is nil.
	Overlays map[string][]byte
	// Generated maps a path relative to Root of an extra generated test source (slice
	// classes) to its content. It is compiled with the test sources and replaces a disk
	// file or overlay at the same path.
	Generated map[string][]byte
	// LineMaps maps a Generated path to a map from generated line to original line, used
	// to report failing lines in the original test source.
	LineMaps map[string]map[int]int
	// Origins maps a Generated path to the relative path of the test file it was derived
	// from; results in that generated file are reported against the original file.
	Origins map[string]string
	// Selectors lists the tests to run; nil runs every test class in the test sources.
	Selectors []Selector
	// Timeout limits the launcher JVM; when exceeded it is killed: tests that finished keep
	// their results (recorded by a progress listener), tests still running or never
	// started are reported as "error" with message "timed out". Zero means 10 minutes.
	Timeout time.Duration
}

// Test statuses used in TestResult.Status.
const (
	StatusPassed  = "passed"
	StatusFailed  = "failed"
	StatusError   = "error"
	StatusSkipped = "skipped"
)

// TestResult is the outcome of one test method. Invocations of parameterized and
// repeated tests are folded into one result per method: the worst status wins, times add
// up, and the message names the first failing invocation.
type TestResult struct {
	Class    string // binary name of the test class
	Method   string // method name without parameters; "" when a whole class could not run
	Status   string // passed, failed, error or skipped
	Message  string
	Expected string
	Actual   string
	File     string // test source, relative to Root
	Line     int    // failing line in File (first stack frame in the test class's file), 0 if unknown
	TimeMs   int64
}

// ID returns the test id "pkg.Class#method" used in history and JSON.
func (t TestResult) ID() string { return t.Class + "#" + t.Method }

// CompileError is one javac error, with File relative to Root.
type CompileError struct {
	File    string
	Line    int
	Message string
}

// Result is the outcome of Run.
type Result struct {
	Tests         []TestResult
	CompileErrors []CompileError
	CompileMs     int64
	RunMs         int64
	// Unresolved lists classpath dependencies that could not be found.
	Unresolved []string
	// ClasspathSource says where the project classpath came from: explicit, maven,
	// gradle, "local-repository (fallback)" or none.
	ClasspathSource string
	// JUnitSource says whose JUnit ran the tests: project (its own test dependencies)
	// or assertlens (the project declares none).
	JUnitSource string
	// Notes explains guesses made on the way (e.g. a different version of a dependency
	// was used, a full rebuild was forced).
	Notes []string
	// Output is the captured launcher stdout and stderr (or javac output on compile
	// errors), truncated.
	Output string
	// TimedOut reports that the launcher was killed at the time limit.
	TimedOut bool
	// Plan is the JUnit Platform's own discovery of the compiled test classes (every test
	// it would run, not just the selected ones), asked for whenever the project compiles;
	// PlanError says why it is missing.
	Plan      []PlanTest
	PlanError string
}
