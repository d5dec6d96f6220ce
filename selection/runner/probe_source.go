package runner

import _ "embed"

// probeRel is where the generated probe class lives in the shadow source tree. The
// leading dot keeps it clear of any workspace path that is ever copied.
const probeRel = ".assertlens/probe/assertlens/probe/Probe.java"

// probeSource is the generated class every instrumented body calls. On a hit it walks the
// stack from the innermost frame outwards, takes the first frame whose top-level class is
// a test class (listed in the file named by -Dassertlens.probe.tests) and appends
// "probe\tclass\tmethod\tline" to the file named by -Dassertlens.probe.out, once per
// distinct line. Hits with no test frame on the stack (other threads, engine callbacks)
// are written with empty class and method, so they are not lost.
//
//go:embed java/Probe.java
var probeSource string
