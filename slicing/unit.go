// Package slicing recognises tests and assertions in test sources and cuts each test method
// into units: assertion slices where that is safe, whole methods or classes where it is not.
package slicing

// Level is the granularity of a unit. Its string form is used in JSON.
type Level string

// Unit levels, finest first.
const (
	LevelAssertion Level = "assertion"
	LevelMethod    Level = "method"
	LevelClass     Level = "class"
)

// Unit is one selectable, runnable piece of a test: an assertion slice, a whole test method
// or a whole test class. Its JSON form is the CLI contract of `assertlens select`,
// `assertlens slices` and `assertlens run`; add fields, never rename them.
type Unit struct {
	// ID names the unit: the test id for method and class units, test id + ":" + line of
	// the assertion for assertion units ("pkg.FooTest#bar:15").
	ID         string   `json:"id"`
	Test       string   `json:"test"`  // pkg.FooTest#bar, or pkg.FooTest for class units
	Class      string   `json:"class"` // pkg.FooTest
	File       string   `json:"file"`  // relative to the workspace root
	Level      Level    `json:"level"`
	Line       int      `json:"line"`    // assertion line, method start or class start
	EndLine    int      `json:"endLine"` // last line of the same
	Statements [][2]int `json:"statements"`
	Assertions int      `json:"assertions"`
	// Reason says why the unit is coarser than asked ("loop", "parameterized", …), or why an
	// assertion-level unit is implicit ("completes-without-exception"); nil otherwise.
	Reason  *string  `json:"reason"`
	Because []string `json:"because"` // changed member ids that select it (selection fills it)
	Via     []string `json:"via"`     // shortest chain test → … → change (selection fills it)
	// Source says what selected the unit: "coverage" (a recorded test statement executed
	// the change) or "static" (the dependency graph reaches it); selection fills it.
	Source string `json:"source,omitempty"`
	// Explain says, per statement of an assertion unit, why it is in the slice: "assertion"
	// for the unit's own, otherwise the first dependence found ("def-use x", "mutates x",
	// "may-alias h", "writes static Foo.bar", "unknown effect of lib.Baz#qux").
	Explain []Explanation `json:"explain,omitempty"`
	// Stmts are the indices, in TestMethod.Statements, of the statements the unit runs (not
	// set for class units).
	Stmts []int `json:"-"`
	// Declares are the indices of declarations the unit needs without their initializers:
	// it assigns or reads the variable, and a later assignment cut the first value off
	// (see declarationsOf). Not set for class units.
	Declares []int `json:"-"`
}

// StrPtr returns a pointer to s, for Unit.Reason.
func StrPtr(s string) *string { return &s }

// Explanation is why one statement belongs to a slice.
type Explanation struct {
	Line int    `json:"line"`
	Why  string `json:"why"`
}
