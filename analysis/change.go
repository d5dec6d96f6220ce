package analysis

// Change is one difference between two snapshots, as printed by `assertlens changes`. Its
// JSON form is a contract: add fields, never rename them.
type Change struct {
	ID     string     `json:"id"`
	Kind   MemberKind `json:"kind"`   // type, method, constructor, field, initializer
	Change string     `json:"change"` // added, deleted, modified
	File   string     `json:"file"`   // relative path (the new file, or the old one for deletions)
	Line   int        `json:"line"`
	// Finding names the finding of the semantics-modifying-changes study that classifies
	// the change ("F3" sort members, "F6" rename, "F8" throws, "F9" access, "F2" add/remove
	// method, "F4" add/remove field, "F7" field initializer); nil when none applies.
	Finding *string `json:"finding"`
	// Rerun is false only when the finding proves that no test can be affected.
	Rerun bool `json:"rerun"`
	// Level is "class" when the change affects every user of the type (head changes), else
	// "member".
	Level string `json:"level"`
	// Lookup is set for added or deleted methods that override or overload inherited or
	// sibling methods: calls by that name may now dispatch differently.
	Lookup bool `json:"lookup,omitempty"`
	// RenamedFrom/RenamedTo pair the two sides of an F6 rename.
	RenamedFrom string `json:"renamedFrom,omitempty"`
	RenamedTo   string `json:"renamedTo,omitempty"`
	// Detail is a short human explanation ("body changed", "only the throws clause changed").
	Detail string `json:"detail,omitempty"`
}
