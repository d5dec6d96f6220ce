package runner

import _ "embed"

// listenerClass is the binary name of the generated progress listener.
const listenerClass = "assertlens.listener.ProgressListener"

// listenerSource is a JUnit Platform TestExecutionListener, registered through
// META-INF/services, that appends one line per test start and finish to the file named by
// -Dassertlens.progress.out (flushed each time). It is how a run killed at its time
// limit still knows which tests finished, which were running and which never started:
//
//	P<TAB>class<TAB>method    (planned, written when the run starts)
//	S<TAB>class<TAB>method
//	F<TAB>class<TAB>method<TAB>status<TAB>line<TAB>exception type<TAB>escaped message
//
//go:embed java/ProgressListener.java
var listenerSource string
