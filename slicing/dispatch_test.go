package slicing

import (
	"context"
	"maps"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/assertlens/assertlens/analysis"
)

// TestJDKInterfaceDispatch pins calls on receivers typed as JDK interfaces that project code
// implements. Where the implementations are known (jdkimpl), a call joins their summaries;
// where they cannot be told (dispatch: a local class in a test helper is a CharSequence),
// a body hands its CharSequence parameters on to its callers, and a caller passing
// strings runs only JDK code. Near-misses stay conservative: a counting list, a list method
// inherited from the JDK, a super call, a field, a local, a rebound parameter, and tests
// handing the counting CharSequences in.
func TestJDKInterfaceDispatch(t *testing.T) {
	for _, c := range []struct{ fixture, member, want string }{
		{"jdkimpl", "impl.Strs#isEmpty(CharSequence)", "none"},                       // Text's methods only read
		{"jdkimpl", "impl.Strs#count(List)", "reads writes"},                         // Tally#size counts
		{"jdkimpl", "impl.Strs#hasFirst(List)", "disp=0"},                            // contains: AbstractCollection's, which calls Tally's: the caller tells
		{"jdkimpl", "impl.Strs#top(ArrayDeque)", "reads writes prints mut=0 leak=0"}, // Echo#peek calls the JDK's: a class, no proxy, no caller vouches
		{"dispatch", "disp.Strs#isEmpty(CharSequence)", "disp=0"},                    // the caller tells
		{"dispatch", "disp.Strs#isBlank(CharSequence)", "disp=0"},                    // …handed on
		{"dispatch", "disp.Strs#both(CharSequence,String)", "disp=0"},                // a String is final
		{"dispatch", "disp.Strs#lastEmpty()", "reads writes prints"},                 // a field: any shared state
		{"dispatch", "disp.Strs#firstEmpty(List)", "global"},                         // a local
		{"dispatch", "disp.Strs#lastIfNull(CharSequence)", "global"},                 // a parameter rebound to the field
		{"dispatch", "disp.Strs#startsWithA(CharSequence)", "none"},                  // ((String) cs).startsWith: a String
		{"dispatch", "disp.Strs#shout(Object)", "reads writes"},                      // ((LoudException) e).toString() counts
		{"dispatch", "disp.Strs#sameFirst(String[],String[])", "none"},               // a[0].equals(b[0]) on String elements
		{"dispatch", "disp.Strs#firstLoud(LoudException[])", "reads writes"},         // es[0].toString() counts
		{"dispatch", "disp.Strs#firstDot(CharSequence)", "none"},                     // cs.toString() is a String; Shout, the only local CharSequence, keeps Object's toString
		{"dispatch", "disp.Strs#longest(String,String)", "none"},
		{"dispatch", "disp.Strs#sizeOf(List)", "none"},                                                          // Half implements DoubleFunction and Formattable: no collection
		{"dispatch", "disp.Strs#eitherJoined(boolean,CharSequence,String)", "reads writes prints mut=1 leak=1"}, // flag ? cs : "<" + s may be cs
		{"dispatch", "disp.Strs#either(boolean,CharSequence,String)", "reads writes prints mut=1 leak=1"},       // flag ? cs : s.toString() may be cs                             // Math.max runs no callbacks
		{"dispatch", "disp.Disk#here(File)", "reads"},                                                           // File's queries read the file system
		{"dispatch", "disp.Disk#gone(File)", "reads writes"},
		{"dispatch", "disp.Disk#parentHere(File)", "reads"},              // getParentFile() is a File                                                     // …delete changes it
		{"dispatch", "disp.Disk#pathHere(Path)", "reads"},                // Files' queries read the file system; Path's methods compute names
		{"dispatch", "disp.Disk#pathWrite(Path,String)", "reads writes"}, // Files#write given a byte[]
		{"dispatch", "disp.Disk#pathGone(Path)", "reads writes"},
		{"dispatch", "disp.Disk#name(Path)", "none"},
		{"dispatch", "disp.Disk#copyIn(InputStream,Path)", "reads writes prints mut=0,1 store=0,1 leak=0,1"},                                    // the stream may be a project class
		{"jdkimpl", "impl.TaggedPath#name(Path)", "reads writes prints mut=0 leak=0"},                                                           // a project interface extends Path
		{"jdkimpl", "impl.TaggedPath#same(Path,Path)", "reads writes prints mut=0,1 store=0,1 leak=0,1"},                                        // …but equals is the JDK's or among the callbacks (Tally's count: AbstractList#equals runs its get)
		{"dispatch", "disp.StuckFile#moved(File,File)", "reads writes prints mut=0,1 store=0,1 leak=0,1"},                                       // StuckFile overrides renameTo
		{"jdkimpl", "impl.Words#count(String)", "none"},                                                                                         // split and LowerWords's super.split make JDK lists
		{"jdkimpl", "impl.Counts#count(String)", "reads writes"},                                                                                // TalliedCounts's split makes a Tally
		{"jdkimpl", "impl.PathFile#here(File)", "reads writes prints mut=0 leak=0"},                                                             // PathFile overrides getPath, which File's methods call
		{"dispatch", "disp.Strs.Key#hashCode()", "none"},                                                                                        // getClass().hashCode(): a Class's
		{"dispatch", "disp.Gate#check(Gate)", "none"},                                                                                           // the anonymous override of open only returns
		{"dispatch", "disp.Gate#shut(Gate)", "reads writes prints mut=0 leak=0"},                                                                // the one of close counts
		{"dispatch", "disp.Fns#prop(String)", "reads"},                                                                                          // nul()'s function changes nothing; System.getProperty reads
		{"dispatch", "disp.Fns#propsEmpty(String)", "reads"},                                                                                    // isEmpty handed Strings only; System.getProperty reads
		{"dispatch", "disp.Parse#parse(String)", "none"},                                                                                        // new NumberFormatException(message)
		{"dispatch", "disp.Parse#total(List)", "none"},                                                                                          // Math::abs, run by the stream
		{"dispatch", "disp.Parse#totalCounted(List)", "global"},                                                                                 // Parse::counted counts: a method reference changing shared state
		{"dispatch", "disp.Parse#totalCountedHere(Integer[])", "reads writes"},                                                                  // …run by a JDK stream made and ended in the call
		{"dispatch", "disp.Parse#countAll(Integer[])", "reads writes"},                                                                          // …by a stream a project method made (madeJDK)
		{"dispatch", "disp.Parse#streamOf(Integer[])", "ret=args ret=madeJDK"},                                                                  // null ? Stream.empty() : Stream.of(xs)
		{"dispatch", "disp.Parse#countedLater(Integer[])", "global"},                                                                            // the stream is returned unrun
		{"dispatch", "disp.Parse#countedByIterator(Integer[])", "global"},                                                                       // …run later by its iterator
		{"dispatch", "disp.Fnx#viaLambda()", "none"},                                                                                            // a lambda local, read where written
		{"dispatch", "disp.Fnx#viaLocal()", "global"},                                                                                           // a named class's Supplier: its get is not read here
		{"dispatch", "disp.Refl#visible(Method)", "none"},                                                                                       // queries of a Method
		{"dispatch", "disp.Refl#open(AccessibleObject)", "mut=0"},                                                                               // setAccessible changes its flag only
		{"dispatch", "disp.Refl#call(Method,Object)", "reads writes prints mut=0,1 store=0,1 leak=0,1 ret=args|shared"},                         // invoke runs anything
		{"dispatch", "disp.Refl#country(String)", "none"},                                                                                       // a Locale is a value
		{"dispatch", "disp.Refl#shown(String)", "reads"},                                                                                        // …named in the default locale
		{"jdkimpl", "impl.Listed#describe(Listed)", "reads writes prints mut=0 leak=0"},                                                         // Areas inherits AbstractCollection#toString, which reads a Tally
		{"jdkimpl", "impl.Handle#accessible(AccessibleObject)", "reads writes prints mut=0 leak=0"},                                             // a Handle's isAccessible counts
		{"jdkimpl", "impl.Console#say(int[])", "reads writes prints mut=0 leak=0"},                                                              // Console#capture replaces System.out with a counting stream: unknown
		{"dispatch", "disp.Parse#countPeeked(Integer[])", "global"},                                                                             // peeked() holds a function: not madeJDK
		{"dispatch", "disp.Arch#family(String)", "reads ret=shared"},                                                                            // its initializer's stream runs in place
		{"jdkimpl", "impl.Strs#keyed(Integer[],Function)", "reads writes prints mut=0,1 store=0,1 leak=0,1 runs=1 ret=args|shared ret=madeJDK"}, // Collectors.toMap runs the key function it is given (and the callbacks of what it makes: Tally's count); its map is the JDK's
		{"dispatch", "disp.Parse#failure(int)", "none"},                                                                                         // "failed: " + Integer.toHexString(code) is a message, not a cause
		{"dispatch", "disp.Dates#next()", "mut=this"},                                                                                           // its own ReentrantLock
		{"dispatch", "disp.Dates#truncate(Calendar,int[])", "mut=0 ret=args"},                                                                   // set and add change the calendar only
		{"dispatch", "disp.Dates#now()", "reads"},                                                                                               // Calendar.getInstance() reads the default zone
		{"dispatch", "disp.Dates#start(Date)", "mut=0"},                                                                                         // new Date(…) copies, read as sharing
		{"jdkimpl", "impl.Strs#tick(Calendar)", "reads writes prints mut=0 leak=0 ret=args|shared"},                                             // a Ticker's add counts
		{"dispatch", "disp.Tables#named(String)", "reads"},                                                                                      // get on a HashMap made in place
		{"dispatch", "disp.Tables#recent(String)", "reads writes prints"},                                                                       // …on an access-ordered LinkedHashMap reorders it
		{"dispatch", "disp.Tables#intOrPublic(Class)", "none"},                                                                                  // Integer.TYPE is a Class, Modifier.isPublic reads an int
		{"dispatch", "disp.Fns#hasKey(String)", "reads"},                                                                                        // System.getProperties() is the shared Properties
		{"dispatch", "disp.Fns#setKey(String)", "reads writes"},                                                                                 // …which put changes
		{"dispatch", "disp.Arrs#sorted(char[])", "mut=0 ret=args"},                                                                              // only sort(char[]) takes a char[]
		{"dispatch", "disp.Arrs#sortedRows(char[][])", "reads writes prints mut=0 leak=0 ret=args|shared"},                                      // a char[][] is a T[]
		{"dispatch", "disp.Arrs#sortedNames(String[])", "reads writes prints mut=0 leak=0 ret=args|shared"},                                     // so is a String[]
		{"dispatch", "disp.Arrs#sortedCopy(char[])", "ret=args"},                                                                                // copy(a) is declared a char[], and fresh
		{"dispatch", "disp.Arrs#copyOrNull(char[])", "none"},                                                                                    // a clone of a char[] is fresh
		{"dispatch", "disp.Arrs#pick(boolean,char[],char[])", "ret=args"},                                                                       // either branch is an argument
		{"dispatch", "disp.Arrs#copyRows(char[][])", "ret=args"},                                                                                // the rows are shared
		{"dispatch", "disp.Arrs#sortedRowsCopy(char[][])", "reads writes prints mut=0 leak=0 ret=args|shared"},                                  // copy(T[]) may be anything
		{"dispatch", "disp.Sorts#bySignature()", "none"},                                                                                        // Comparator.comparing(Method::toString): JDK code on a final JDK class
		{"dispatch", "disp.Sorts#byName(String,String)", "none"},                                                                                // Objects.compare of Strings and a method reference
		{"dispatch", "disp.Sorts#wrappedHash(String)", "reads writes prints"},                                                                   // the hashed argument is wrap(…)'s Loud, whose hashCode counts
		{"dispatch", "disp.Sorts#newHash(String)", "reads writes prints"},
		{"dispatch", "disp.Sorts#eitherHash(boolean,String)", "reads writes prints"},                 // flag ? new Loud(s) : s.toString() may be the Loud                                       // …and new Loud(s)
		{"dispatch", "disp.Sorts#checkedText(String)", "none"},                                       // "empty" is no function: the other overload takes it
		{"dispatch", "disp.Sorts#checkedMessage(String,String)", "none"},                             // …nor is a String parameter
		{"dispatch", "disp.Sorts#checkedBy(String,Supplier)", "runs=1"},                              // a Supplier parameter is the caller's to tell
		{"dispatch", "disp.Nums#widened(String)", "none"},                                            // BigDecimal.valueOf takes a number, whatever the argument reads as
		{"dispatch", "disp.Nums#shown(String)", "reads writes prints"},                               // String.valueOf of an object runs its toString
		{"dispatch", "disp.Nums#lastAt(CharSequence,CharSequence)", "none"},                          // (String) search is a String
		{"dispatch", "disp.Nums#lastOf(String,CharSequence)", "reads writes prints mut=1 leak=1"},    // (Object) search is not
		{"dispatch", "disp.Nums#ends(int[])", "none"},                                                // j is declared with i: a local, no field
		{"dispatch", "disp.Nums#encoded(String)", "none"},                                            // ByteBuffer.wrap and Charset.defaultCharset: JDK code on bytes
		{"dispatch", "disp.Entries#same()", "none"},                                                  // Class keys and values: equals is a Class's (p and w are the lambda's, no fields)
		{"dispatch", "disp.Entries#sameObjects()", "reads writes prints"},                            // Object ones: any project equals, run in place by the map made here
		{"dispatch", "disp.Entries#named()", "none"},                                                 // Boolean.TYPE.getName() is a String, Boolean.TYPE and Void.TYPE constants of value classes
		{"dispatch", "disp.Entries#printers()", "reads writes prints"},                               // System.out is shared state
		{"dispatch", "disp.Entries#reversed()", "none"},                                              // a JDK map's String entries collected by their parts
		{"dispatch", "disp.Entries#reversedOf(Map)", "global"},                                       // …of a map handed in: it may be a Tally
		{"dispatch", "disp.Entries#reversedObjects()", "global"},                                     // …Object entries: any project hashCode
		{"dispatch", "disp.Entries#rewrapped()", "global"},                                           // …keyed by what a lambda makes: a Loud
		{"dispatch", "disp.Entries#listed(List)", "global"},                                          // entries of a list may be CountingEntries
		{"dispatch", "disp.Plain#sizeOf(List)", "none"},                                              // Plain extends ArrayList overriding nothing
		{"dispatch", "disp.Plain#firstOf(Map)", "mut=0 disp=0"},                                      // …but any map may be a Tally, whose get counts: the caller tells
		{"dispatch", "disp.Registry#seen()", "reads ret=shared"},                                     // ThreadLocal.withInitial(HashSet::new).get()
		{"dispatch", "disp.Registry#counted()", "global"},                                            // …of a function that counts
		{"dispatch", "disp.Wrapped#<init>(InputStream)", "store=all"},                                // super(in): FilterInputStream keeps in
		{"dispatch", "disp.Runs#countAll(int)", "reads writes"},                                      // the lambda runs within each: its write is the body's
		{"dispatch", "disp.Runs#countLater()", "global"},                                             // …kept by keep: it runs elsewhere
		{"dispatch", "disp.Runs#attempt(Task)", "runs=0"},                                            // Task is the project's functional interface: the caller tells what runs
		{"dispatch", "disp.Runs#countTask()", "reads writes"},                                        // …a lambda written here, run within attempt
		{"dispatch", "disp.Runs#countEach(List)", "reads writes mut=0 leak=0"},                       // a JDK list's forEach runs the lambda in the call
		{"dispatch", "disp.Runs#scaled(Scale,Scale)", "runs=0,1"},                                    // a project function of numbers changes nothing it is given
		{"dispatch", "disp.Runs#applied(DoubleUnaryOperator,DoubleUnaryOperator)", "runs=0,1"},       // …as a DoubleUnaryOperator
		{"dispatch", "disp.Runs#fillShared(Fill)", "reads writes mut=0 leak=0 runs=0"},               // a function handed a static array may change it
		{"dispatch", "disp.Runs#countMissing(String)", "reads writes"},                               // …as a HashMap's computeIfAbsent does
		{"dispatch", "disp.Runs#countMissingIn(Map,String)", "global"},                               // a Map handed over may be Entries.Tally
		{"dispatch", "disp.Runs#attemptKeeping(Task)", "reads writes mut=0 leak=0 runs=0"},           // what it caught, which may carry the task, goes to a static
		{"dispatch", "disp.Runs#attemptPrinting(Task)", "reads writes prints mut=0 leak=0 runs=0"},   // new IllegalStateException(e) prints e: a LoudException counts
		{"dispatch", "disp.Concurrent#local()", "none"},                                              // a ConcurrentHashMap of Strings made in place
		{"dispatch", "disp.Concurrent#typed()", "none"},                                              // …declared as one
		{"dispatch", "disp.Concurrent#keyed(Object)", "reads writes prints mut=0 leak=0"},            // …keyed by any object: any project hashCode
		{"dispatch", "disp.Bypass#<init>()", "none"},                                                 // get on the HashMap the constructor just made
		{"dispatch", "disp.Bypass#<init>(boolean)", "reads writes prints leak=this"},                 // …after a call that may set a Tally
		{"dispatch", "disp.Bypass#<init>(int,int)", "reads writes prints leak=this"},                 // …set in a braceless branch only
		{"dispatch", "disp.Nulls#has(String,char)", "none"},                                          // Objects.requireNonNull(s, …).indexOf runs on the String s
		{"dispatch", "disp.Nulls#addTo(List)", "mut=0"},                                              // …add on the list handed in, which it changes (not shared state)
		{"dispatch", "disp.Nulls#firstSize(List)", "reads writes prints mut=0 leak=0"},               // an argument that is no name is not followed
		{"sets", "sets.Near#has(List,Object)", "reads writes prints mut=0,1 store=0,1 leak=0,1"},     // CountingSet's equals (AbstractSet's) runs its size, which counts
		{"handlers", "handlers.Close#has(List,Object)", "reads disp=0"},                              // an anonymous Closeness's compare: no Comparator, never called back
		{"boxing", "boxing.Near#has(List,Object)", "reads writes prints mut=0,1 store=0,1 leak=0,1"}, // …a Closeness that is a Comparator counts
	} {
		s := fixture(t, c.fixture)
		p := newProject(s, s.Source.Read, Options{})
		if got := summaryOf(t, s, p, c.member); got != c.want {
			t.Errorf("%s: effect %s, want %s", c.member, got, c.want)
		}
	}

	// A constructor running the function it is given says so to its callers.
	s := fixture(t, "dispatch")
	p := newProject(s, s.Source.Read, Options{})
	// Functions a class initializer keeps in its statics run where they are called, not in
	// the initializer; one it runs, or hands to a JDK object that may run it, counts there.
	for typ, want := range map[string]string{"disp.Inits.Kept": "none", "disp.Inits.Run": "global", "disp.Inits.Later": "global"} {
		if got := p.clinitEffect(s.Type(typ)); got.String() != want && !(want == "global" && got.writes()) {
			t.Errorf("clinit of %s: %s (%s), want %s", typ, got, got.why, want)
		}
	}
	if got := p.typeCtorEffect(s.Type("disp.Lazy"), 1).String(); !strings.Contains(got, "runs=0") {
		t.Errorf("new Lazy(source): effect %s, want it to run argument 0", got)
	}
	// Functions a new object keeps in its fields run where those are called; one its
	// constructor runs counts there.
	if got := p.typeCtorEffect(s.Type("disp.Checked"), 0).String(); got != "none" {
		t.Errorf("new Checked(): effect %s, want none", got)
	}
	if got := p.typeCtorEffect(s.Type("disp.Checked"), 1); !got.writes() {
		t.Errorf("new Checked(true): effect %s, want it to write", got)
	}

	type want struct {
		test, assertion string
		has, lacks      []string // statements (by text) the slice must and must not hold
	}
	for fix, cases := range map[string][]want{
		"jdkimpl": {
			{"impl.StrsTest#texts", `assertTrue(Strs.isEmpty(""))`, nil, []string{`assertFalse(Strs.isEmpty(t))`, `new Text("a")`}},
			{"impl.StrsTest#texts", `assertFalse(Strs.isEmpty(t))`, []string{`new Text("a")`}, nil},
			{"impl.StrsTest#tallies", `assertEquals(before + 1, Tally.calls)`, []string{`Strs.count(t)`}, nil},
		},
		"dispatch": {
			{"disp.StrsTest#values", `assertFalse(Strs.isBlank("a"))`, nil, []string{`Strs.isEmpty("")`}},
			{"disp.StrsTest#values", `assertFalse(Strs.isEmpty(s))`, []string{`String s = "b"`}, []string{`Strs.isBlank("a")`}},
			{"disp.StrsTest#values", `assertTrue(Strs.isEmpty(NONE))`, nil, []string{`Strs.isEmpty(s)`}},
			{"disp.StrsTest#values", `Strs.both("a", "b")`, nil, []string{`Strs.isEmpty(NONE)`}},
			{"disp.StrsTest#counted", `assertEquals(before + 1, Counter.n)`, []string{`assertTrue(Strs.isEmpty(cs))`}, nil},
			{"disp.StrsTest#shouted", `assertEquals(before + 1, Counter.n)`, []string{`assertTrue(Strs.isBlank(cs))`}, nil},
			{"disp.StrsTest#remembered", `assertEquals(before + 1, Counter.n)`, []string{`Strs.lastEmpty()`}, nil},
			{"disp.StrsTest#lazy", `assertEquals(1, log.size())`, []string{`new Lazy(source)`}, nil},
			{"disp.StrsTest#wrapped", `assertEquals(before + 1, LoudException.printed)`, []string{`new RuntimeException(loud)`}, nil},
			{"disp.StrsTest#gates", `assertEquals(before + 1, Counter.n)`, []string{`Gate.shut(loud)`}, nil},
			{"disp.StrsTest#files", `assertTrue(Disk.here(f))`, []string{`Disk.write(f, "x")`}, []string{`assertTrue(f.exists())`}},
			{"disp.StrsTest#files", `assertFalse(f.exists())`, []string{`Disk.gone(f)`, `Disk.write(f, "x")`}, nil},
			{"disp.StrsTest#paths", `assertTrue(Disk.pathHere(p))`, []string{`Disk.pathWrite(p, "x")`}, []string{`names.add(Disk.name(p))`}},
			{"disp.StrsTest#paths", `assertEquals(1, names.size())`, []string{`names.add(Disk.name(p))`}, []string{`Disk.pathWrite(p, "x")`, `assertTrue(Disk.pathHere(p))`}},
			{"disp.StrsTest#paths", `assertFalse(Files.exists(p))`, []string{`Disk.pathGone(p)`, `Disk.pathWrite(p, "x")`}, []string{`names.add(Disk.name(p))`}},
			{"disp.StrsTest#factories", `assertEquals(before + 1, Counter.n)`, []string{`Fns.counting()`}, []string{`Fns.nul()`, `Fns.fresh()`}},
			{"disp.StrsTest#factories", `assertEquals(null, d)`, []string{`Fns.opened()`, `Fns.counting()`}, nil},
			{"disp.StrsTest#wrapped", `assertEquals(2, Parse.parse("ab"))`, nil, []string{`Parse.parse("abc")`, `new RuntimeException(loud)`}},
			{"disp.StrsTest#zones", `assertEquals(3600000, cal.getTimeZone().getRawOffset())`, []string{`tz.setRawOffset(3600000)`}, nil},
			{"disp.StrsTest#held", `assertEquals(before + 1, Counter.n)`, []string{`Fns.orElse(null, Fns.picked())`}, nil},
			{"disp.StrsTest#arrays", `assertEquals('a', cs[0])`, []string{`Arrs.sort(cs)`}, []string{`Arrs.sort(names)`}},
			{"disp.StrsTest#arrays", `assertEquals(before, Counter.n)`, []string{`Arrs.sort(names)`}, nil},
			{"disp.StrsTest#hashes", `assertEquals(before + 1, Counter.n)`, []string{`Sorts.wrappedHash("a")`}, []string{`Sorts.checkedText("a")`}},
			{"disp.StrsTest#hashes", `assertEquals(0, Sorts.byName("a", "a"))`, nil, []string{`Sorts.checkedText("a")`, `Sorts.wrappedHash("a")`}},
			{"disp.StrsTest#constantBodies", `assertEquals(before + 1, Counter.n)`, []string{`op.describe()`}, nil},
			{"disp.StrsTest#plainEnums", `assertEquals(before, Counter.n)`, nil, []string{`t.turn()`}},
			{"disp.StrsTest#exactClasses", `assertEquals(before, Counter.n)`, nil, []string{`g.read()`, `new Gauge(3).read()`}},
			{"disp.StrsTest#subclassedGauges", `assertEquals(before + 1, Counter.n)`, []string{`g.read()`, `Gauges.loud(3)`}, nil},
			{"disp.StrsTest#hashes", `assertEquals(h, Sorts.wrappedHash("a"))`, []string{`Sorts.wrappedHash("a")`}, []string{`Sorts.check(true, "never")`}},
		},
	} {
		_, classes := discover(t, fix, Options{})
		pkg := map[string]string{"jdkimpl": "impl", "dispatch": "disp"}[fix]
		rel := "src/test/java/" + pkg + "/StrsTest.java"
		for _, c := range cases {
			method := c.test[strings.IndexByte(c.test, '#')+1:]
			got := sliceLines(t, classes, c.test, lineOf(t, fix, rel, method, c.assertion))
			for _, h := range c.has {
				if !slices.Contains(got, lineOf(t, fix, rel, method, h)) {
					t.Errorf("%s: the slice of %s (lines %v) misses %s", c.test, c.assertion, got, h)
				}
			}
			for _, l := range c.lacks {
				if slices.Contains(got, lineOf(t, fix, rel, method, l)) {
					t.Errorf("%s: the slice of %s (lines %v) holds %s", c.test, c.assertion, got, l)
				}
			}
		}
	}
}

// TestSubclassedIn pins which supertypes a file subclasses where the index cannot see it:
// anonymous classes, and local classes declared in bodies (not nested member classes).
func TestSubclassedIn(t *testing.T) {
	cases := []struct {
		src  string
		want []string
	}{
		{"class A { void m() { Object o = new Runnable() { public void run() {} }; } }", []string{"Runnable"}},
		{"class A { void m() { Object o = new Runnable() { public void run() { go(); } }; } }", []string{"Runnable:run"}},
		{"class A { Gate g = new Gate(1) { int n = 2; { n++; } boolean open() { return n > 1; } void close() throws E { n = 0; } }; }", []string{"Gate:close"}},
		{"class A { Set<String> s = new AbstractSet<String>() { public Iterator<String> iterator() { return Collections.emptyIterator(); } public boolean add(String x) { return seen.add(x); } }; }", []string{"AbstractSet:add"}},
		{"class A { Gate g = new Gate() { String name() { if (n > 0) { return \"g\" + n; } return null; } int sum() { for (int i : xs) { } return 0; } }; }", []string{"Gate:name,sum"}},
		{"class A { void m() { class L implements CharSequence, Comparable<L> {} } }", []string{"CharSequence", "Comparable"}},
		{"class A { static { class L extends java.util.AbstractList<String> {} } }", []string{"AbstractList"}},
		{"class A { void m() { class P {} class Q extends P {} } }", nil},                              // local extends local
		{"class A { static class N implements CharSequence {} interface I extends Runnable {} }", nil}, // member types are indexed
		{"class A { Runnable r = () -> { class L implements Iterable<String> {} }; }", []string{"Iterable"}},
		{"class A<T extends Comparable<T>> implements Runnable { void m() { Class<?> c = A.class; } }", nil},
		{"class A { void m() { record R(int x) implements CharSequence {} } }", []string{"CharSequence"}},
		// Naming its own class runs nothing of the project; anything more may.
		{"class A { Chrono c = new Chrono() { public String toString() { return getClass().getName(); } }; }", []string{"Chrono"}},
		{"class A { Chrono c = new Chrono() { public String toString() { return getClass().getSimpleName() + zone; } }; }", []string{"Chrono:toString"}},
		{"class A { Chrono c = new Chrono() { public String toString() { return getClass().getMethods()[0].getName(); } }; }", []string{"Chrono:toString"}},
		{"class A { Chrono c = new Chrono() { public String toString() { return zone.getClass().getName(); } }; }", []string{"Chrono:toString"}},
		// …nor do argument-free calls on parameters of immutable JDK types.
		{"class A { Comparator<String> c = new Comparator<String>() { public int compare(String a, String b) { return b.length() - a.length(); } }; }", []string{"Comparator"}},
		{"class A { Comparator<Item> c = new Comparator<Item>() { public int compare(Item a, Item b) { return b.size() - a.size(); } }; }", []string{"Comparator:compare"}},
		{"class A { Comparator<String> c = new Comparator<String>() { public int compare(String a, String b) { return a.compareTo(b); } }; }", []string{"Comparator:compare"}},
		{"class A { Comparator<String> c = new Comparator<String>() { public int compare(String a, String b) { return names.get(a).length(); } }; }", []string{"Comparator:compare"}},
		// A local class's methods are read as an anonymous class's are; its constructor is none.
		{"class A { void m() { class D extends BigDecimal { D() { super(1); } public int scale() { return 1; } public BigInteger unscaledValue() { return make(); } } } }", []string{"BigDecimal:unscaledValue"}},
		// …one extending another adds its methods to what that one extends.
		{"class A { void m() { class P extends AbstractList<String> { public String get(int i) { return load(); } } class Q extends P { public int size() { return count(); } } } }", []string{"AbstractList:get,size"}},
		// …a local enum's constants' bodies are not read.
		{"class A { void m() { enum E implements Runnable { X { public void run() { go(); } } } } }", []string{"E:run", "Runnable:*"}},
		{"class A { void m() { record R(int x) implements Comparable<R> { public int compareTo(R o) { return tally(o); } } } }", []string{"Comparable:compareTo"}},
		{"enum Op { PLUS { String d() { count++; return \"+\"; } }, @Deprecated MINUS(2) { int n() { return 1; } }, TIMES; String d() { return null; } }", []string{"Op:d"}},
		{"enum Op implements java.util.function.IntSupplier { @SuppressWarnings(\"x\") ONE(1) { public int getAsInt() { return go(); } }; Op(int n) {} }", []string{"Op:getAsInt"}},
		{"enum Op { ONE, TWO; void m() { } }", nil},
	}
	for _, c := range cases {
		var got []string
		for n, ms := range anonymousIn([]byte(c.src), true) {
			if len(ms) > 0 {
				n += ":" + strings.Join(slices.Sorted(maps.Keys(ms)), ",")
			}
			got = append(got, n)
		}
		slices.Sort(got)
		want := slices.Clone(c.want)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("%s: got %v, want %v", c.src, got, want)
		}
	}
}

// TestCodeRunLater: project code a statement runs through a Class, an Optional or an
// anonymous class's callback makes that statement a writer, though the code is written
// elsewhere.
func TestCodeRunLater(t *testing.T) {
	_, classes := discover(t, "hooks", Options{})
	rel := "src/test/java/hooks/HooksTest.java"
	for _, c := range []struct{ test, assertion, runner string }{
		{"hooks.HooksTest#classNewInstance", "assertEquals(before + 1, Counter.made)", "k.newInstance()"},
		{"hooks.HooksTest#optionalRunsItsFunction", "assertEquals(before + 1, Counter.made)", "o.ifPresent(make)"},
		{"hooks.HooksTest#anonymousToString", "assertEquals(before + 1, Counter.made)", "String.valueOf(loud)"},
		{"proxies.ProxiesTest#proxyToString", "assertEquals(before + 1, Counter.made)", "String.valueOf(proxy)"},
		{"held.HeldTest#comparatorHoldsItsFunction", "assertEquals(before + 1, Counter.made)", "list.sort(byText)"},
		{"held.HeldTest#elseGetRunsItsSupplier", "assertEquals(before + 1, Counter.made)", "Objects.requireNonNullElseGet(null, fallback)"},
		{"held.HeldTest#concatenationPrints", "assertEquals(before + 1, Counter.made)", `String text = "<" + loud + ">"`},
		{"held.HeldTest#forEachRunsItsFunction", "assertEquals(before + 1, Counter.made)", "list.forEach(make)"},
		{"held.HeldTest#assertionRunsEquals", "assertEquals(before + 1, Counter.made)", "assertEquals(a, b)"},
		{"held.HeldTest#atomicRunsItsFunction", "assertEquals(before + 1, Counter.made)", "ref.updateAndGet(touch)"},
		{"held.HeldTest#generatedStreamRunsItsSupplier", "assertEquals(before + 1, Counter.made)", "Stream.generate(make)"},
	} {
		// proxies and held are fixtures of their own: hooks' anonymous classes make every
		// callback unknown, which would hide what they check.
		fix := c.test[:strings.IndexByte(c.test, '.')]
		rel, classes := rel, classes
		if fix != "hooks" {
			rel = "src/test/java/" + fix + "/" + c.test[len(fix)+1:strings.IndexByte(c.test, '#')] + ".java"
			_, classes = discover(t, fix, Options{})
		}
		method := c.test[strings.IndexByte(c.test, '#')+1:]
		got := sliceLines(t, classes, c.test, lineOf(t, fix, rel, method, c.assertion))
		if !slices.Contains(got, lineOf(t, fix, rel, method, c.runner)) {
			t.Errorf("%s: the slice of %s (lines %v) misses %s", c.test, c.assertion, got, c.runner)
		}
	}
	// Concatenating values runs no project code.
	_, classes = discover(t, "held", Options{})
	rel = "src/test/java/held/HeldTest.java"
	got := sliceLines(t, classes, "held.HeldTest#concatenationPrints", lineOf(t, "held", rel, "concatenationPrints", "assertEquals(before + 1, Counter.made)"))
	if slices.Contains(got, lineOf(t, "held", rel, "concatenationPrints", `String plain = "n=" + before + 1`)) {
		t.Errorf("the slice of the counter's assertion (lines %v) holds a concatenation of values", got)
	}
	// Comparing values runs no project code either.
	got = sliceLines(t, classes, "held.HeldTest#assertionRunsEquals", lineOf(t, "held", rel, "assertionRunsEquals", "assertEquals(before + 1, Counter.made)"))
	if slices.Contains(got, lineOf(t, "held", rel, "assertionRunsEquals", `assertEquals("x", "x" + before)`)) {
		t.Errorf("the slice of the counter's assertion (lines %v) holds an assertion comparing values", got)
	}
}

// TestExactClasses pins which locals hold exactly one project class: every value assigned
// is new C(…) of that class without a class body, and nothing else binds the name.
func TestExactClasses(t *testing.T) {
	s := fixture(t, "dispatch")
	p := newProject(s, s.Source.Read, Options{})
	for _, c := range []struct {
		body string
		want string // "name=Type" pairs, sorted
	}{
		{`Gauge g = new Gauge(3); g.read();`, "g=disp.Gauge"},
		{`Gauge g = new Gauge(3); g = new Gauge(4); g.read();`, "g=disp.Gauge"},
		{`var g = new Gauge(3); g.read();`, "g=disp.Gauge"},
		{`Gauge g; g = new Gauge(3); g.read();`, "g=disp.Gauge"},
		{`Gauge g = new Gauge(3); g = Gauges.loud(3);`, ""},                               // a factory may make a subclass
		{`Gauge g = new Gauge(3) { };`, ""},                                               // an anonymous subclass
		{`Gauge g = new disp.Gauge(3);`, ""},                                              // qualified: not read
		{`Gauge g = new Gauge(3); g = null;`, ""},                                         // not made in place
		{`Gauge g = new Gauge(3); Runnable r = () -> { Gauge g = Gauges.loud(1); };`, ""}, // declared twice
		{`Gauge g = new Gauge(3); java.util.function.Consumer<Gauge> f = g -> g.read();`, ""},
		{`Gauge g = new Gauge(3); try { g.read(); } catch (RuntimeException g2) { }`, "g=disp.Gauge"},
		{`Gauge g = new Gauge(3); class Gauge { }`, ""},              // a local class may hide the project's
		{`Object o = new Object(); String t = new String("a");`, ""}, // JDK classes are not project classes
	} {
		src := []byte("{ " + c.body + " }")
		toks := analysis.Lex(src, 0, len(src))
		locals := analysis.ScanRefs(src, toks, nil).Locals
		ctx := &scanCtx{p: p, t: s.Type("disp.StrsTest"), src: src, locals: map[string]string{}}
		ctx.localClass = declaresLocalClass(src, toks)
		var got []string
		for name, typ := range ctx.exactClasses(toks, locals, 0) {
			got = append(got, name+"="+typ.ID)
		}
		slices.Sort(got)
		if strings.Join(got, " ") != c.want {
			t.Errorf("%s: exact %v, want %q", c.body, got, c.want)
		}
	}
}

// TestNestedClassHidesArgumentTypes: code declaring a local or anonymous class does not
// pick overloads by its locals' types, since the nested class's own parameters may hide them.
func TestNestedClassHidesArgumentTypes(t *testing.T) {
	for _, c := range []struct {
		code string
		want bool
	}{
		{`return sort(a);`, false},
		{`Class<?> k = String.class; return sort(a);`, false},
		{`int[] xs = new int[] {1}; return sort(a);`, false},
		{`return new Runnable() { public void run() { go(a); } };`, true},
		{`Object o = new java.util.ArrayList<String>(3) { };`, true},
		{`class Local { void go(Object[] a) { sort(a); } }`, true},
		{`return new Box(a).sorted();`, false},
	} {
		src := []byte(c.code)
		if got := nestedClass(src, analysis.Lex(src, 0, len(src))); got != c.want {
			t.Errorf("nestedClass(%q) = %v, want %v", c.code, got, c.want)
		}
	}
}

// TestSubclassRuns pins which calls JDK code may run on an anonymous or local
// subclass's code: its own override, or an override the callback its library supertype
// hands down calls; an unlisted JDK class may call any of them.
func TestSubclassRuns(t *testing.T) {
	s := fixture(t, "effects")
	p := newProject(s, s.Source.Read, Options{})
	set := func(ms ...string) map[string]bool {
		out := map[string]bool{}
		for _, m := range ms {
			out[m] = true
		}
		return out
	}
	cases := []struct {
		super, callback string
		overrides       map[string]bool
		want            bool
	}{
		{"BigDecimal", "hashCode", set("unscaledValue"), false}, // joda-money's BadDecimal: hashCode reads fields
		{"BigDecimal", "compareTo", set("signum"), true},        // …compareTo calls signum
		{"BigDecimal", "hashCode", set("hashCode"), true},
		{"BigDecimal", "hashCode", set(), false},
		{"AbstractList", "hashCode", set("get"), true},         // AbstractList#hashCode runs get through its iterator
		{"AbstractSet", "hashCode", set("add"), false},         // …AbstractSet's only iterator
		{"AbstractSet", "equals", set("contains"), true},       // …its equals runs containsAll, contains
		{"ClassValue", "hashCode", set("computeValue"), true},  // an unlisted JDK class may call any override
		{"FilterInputStream", "hashCode", set("close"), false}, // …a stream keeps Object's
		{"FilterInputStream", "toString", set("hashCode"), true},
		{"URLConnection", "toString", set("connect"), false}, // its toString reads its URL field
		{"Runnable", "toString", set("run"), false},          // Object's toString calls hashCode only
		{"Runnable", "toString", set("hashCode"), true},
		{"Comparator", "compare", set("compare"), true},
		{"Comparator", "compare", set("toString"), false},
		{"Shape", "hashCode", set("area"), false}, // a project type's own code is read where it runs
		{"BigDecimal", "hashCode", set(anyMethod), true},
		{"BigDecimal", "compare", set("unscaledValue"), false}, // BigDecimal is no Comparator
		{"Iterator", "forEachRemaining", set("next"), true},    // a default method calls the others
		{"Thread", "toString", set("run"), false},              // Thread's callbacks call final methods
		{"Thread", "start", set("run"), true},
		{"AbstractSpliterator", "hashCode", set("tryAdvance"), false}, // jOOL, threeten-extra: Object's callbacks
		{"AbstractSpliterator", "toString", set("hashCode"), true},
		{"AbstractSpliterator", "forEachRemaining", set("tryAdvance"), true},
		{"ManagedBlocker", "equals", set("block", "isReleasable"), false}, // jOOL's Blocking
		{"ManagedBlocker", "toString", set("hashCode"), true},
	}
	for _, c := range cases {
		if got := p.subclassRuns(c.super, c.overrides, c.callback); got != c.want {
			t.Errorf("%s of a %s subclass overriding %v: runs=%v, want %v", c.callback, c.super, slices.Sorted(maps.Keys(c.overrides)), got, c.want)
		}
	}
}

// TestMethodHead: a name followed by parentheses declares a method (in an anonymous class
// scanned as code) only after a return type and before a body or a throws clause; every
// other such name is a call.
func TestMethodHead(t *testing.T) {
	for _, c := range []struct {
		code, name string
		want       bool
	}{
		{`public double getAsDouble() { return 1; }`, "getAsDouble", true},
		{`int[] values() { return xs; }`, "values", true},
		{`public <T> List<T> make(int n) throws IOException { return null; }`, "make", true},
		{`void run() { go(); }`, "run", true},
		{`void run() { go(); }`, "go", false},
		{`return compute(x);`, "compute", false},
		{`x = a.compute(y);`, "compute", false},
		{`while (ready()) { step(); }`, "ready", false},
		{`do { step(); } while (ready());`, "ready", false},
		{`Object o = new Holder(x) { };`, "Holder", false},
		{`if (check(x)) { go(); }`, "check", false},
	} {
		src := []byte(c.code)
		toks := analysis.Lex(src, 0, len(src))
		at := slices.IndexFunc(toks, func(tok analysis.Token) bool { return tok.Is(src, c.name) })
		if at < 0 {
			t.Fatalf("%q: no %s", c.code, c.name)
		}
		if got := methodHead(src, toks, at); got != c.want {
			t.Errorf("methodHead(%q, %s) = %v, want %v", c.code, c.name, got, c.want)
		}
	}
}

// memSource serves Java sources from memory, keyed by slash path.
type memSource map[string]string

func (m memSource) List() ([]string, error) { return slices.Sorted(maps.Keys(m)), nil }

func (m memSource) Read(rel string) ([]byte, error) {
	src, ok := m[rel]
	if !ok {
		return nil, os.ErrNotExist
	}
	return []byte(src), nil
}

func (m memSource) Describe() string { return "memory" }

// TestCollectionReceiversUnderProjectSubclasses pins which JDK receivers a project class may
// stand behind: only those of a collection or builder type it extends, when its library
// supertypes are known to be neither (permissions, privileged actions, listeners, a
// ThreadLocal); any receiver when a library supertype is unknown.
func TestCollectionReceiversUnderProjectSubclasses(t *testing.T) {
	const guard = "package un; public class Guard extends java.security.BasicPermission { public Guard(String n) { super(n); } public String getActions() { return \"\"; } }"
	const ticks = "package un; public class Ticks { static final ThreadLocal<Integer> T = new ThreadLocal<Integer>() { protected Integer initialValue() { return count(); } }; static int count() { return 1; } }"
	const names = "package un; public class Names extends java.util.AbstractList<String> { public String get(int i) { return \"\"; } public int size() { return 0; } }"
	const odd = "package un; public class Odd extends java.util.Observable { public void poke() { setChanged(); } }"
	cases := []struct {
		name  string
		files []string
		want  map[string]bool // receiver type -> a project class may be one
	}{
		{"permission and thread local", []string{guard, ticks}, map[string]bool{"HashMap": false, "List": false, "ThreadLocal": true}},
		{"a list", []string{guard, names}, map[string]bool{"HashMap": false, "List": true, "AbstractList": true}},
		{"an unknown library class", []string{odd}, map[string]bool{"HashMap": true, "List": true}},
	}
	for _, c := range cases {
		src := memSource{}
		for i, f := range c.files {
			src["src/main/java/un/F"+strconv.Itoa(i)+".java"] = f
		}
		s, err := analysis.Build(context.Background(), t.TempDir(), src, nil)
		if err != nil {
			t.Fatal(err)
		}
		p := newProject(s, s.Source.Read, Options{})
		for recv, want := range c.want {
			if got := p.collectionOverrides(recv); got != want {
				t.Errorf("%s: a project class may be a %s: %v, want %v", c.name, recv, got, want)
			}
		}
	}
}
