package slicing

import (
	"context"
	"strings"
	"testing"

	"github.com/assertlens/assertlens/analysis"
)

// TestInitializerWrites: a field initializer that only builds its own value (a fresh JDK
// object, a builder chain on fresh objects, objects keeping lambdas they do not run)
// changes nothing else; one that counts in a static, registers itself in a shared map,
// fills an object it reads, or runs a writing lambda (handed to a method running it, or
// kept by an object whose method it then calls) may.
func TestInitializerWrites(t *testing.T) {
	files := map[string][]byte{
		"src/main/java/i/Joiner.java": []byte(`package i;
import java.util.function.BiConsumer;
public final class Joiner {
  public static Builder builder() { return new Builder(); }
  public static final class Builder {
    private String delimiter = "";
    private BiConsumer<StringBuilder, Object> appender;
    public Builder setDelimiter(String d) { this.delimiter = d; return this; }
    public Builder setAppender(BiConsumer<StringBuilder, Object> a) { this.appender = a; return this; }
    public Joiner get() { return new Joiner(delimiter); }
  }
  private final String delimiter;
  Joiner(String d) { this.delimiter = d; }
}
`),
		"src/main/java/i/Registry.java": []byte(`package i;
import java.util.*;
public class Registry {
  static int count;
  static final Map<String, Object> ALL = new HashMap<>();
  public static int next() { return ++count; }
  public static Object register(String k, Object v) { ALL.put(k, v); return v; }
  public static <T> T apply(java.util.function.Supplier<T> f) { return f.get(); }
}
`),
		"src/main/java/i/Appender.java": []byte(`package i;
import java.util.function.BiConsumer;
public final class Appender {
  private final BiConsumer<StringBuilder, Object> f;
  Appender(BiConsumer<StringBuilder, Object> f) { this.f = f != null ? f : (a, e) -> Registry.count++; }
  public static Appender of(BiConsumer<StringBuilder, Object> f) { return new Appender(f); }
  public static Appender ran(BiConsumer<StringBuilder, Object> f) { f.accept(new StringBuilder(), 1); return new Appender(f); }
  public void append(StringBuilder sb, Object o) { f.accept(sb, o); }
}
`),
		"src/main/java/i/Holder.java": []byte(`package i;
import java.util.*;
public class Holder {
  private static final Joiner JOINER = Joiner.builder().setDelimiter(", ").setAppender((a, e) -> a.append(e)).get();
  private static final StringBuilder NOTES = new StringBuilder("n");
  private static final Joiner CHAIN = Joiner.builder().setDelimiter(", ").get();
  private static final int TICKET = Registry.next();
  private static final Object SELF = Registry.register("h", new Object());
  private final List<String> seen = new ArrayList<>();
  private final List<String> shared = fill(Registry.ALL.keySet());
  private static final Integer RUN = Registry.apply(() -> Registry.count++);
  private static final Runnable KEPT = Joiner.builder().setAppender((a, e) -> Registry.count++).get() == null ? null : () -> {};
  private static final List<Integer> EACH = each();
  private static final Appender APPENDER = Appender.of(null);
  private static final Appender APPENDER_RAN = Appender.ran((a, e) -> Registry.count++);
  private static final int APPENDED = appendOnce();
  private static final Joiner WITNESSED = Joiner.<Object>builder().setDelimiter(", ").get();
  private static final Integer WITNESSED_RUN = Registry.<Integer>apply(() -> Registry.count++);
  private final int plain;
  Holder() { plain = 1; }
  private static int appendOnce() { Appender a = Appender.of(null); a.append(new StringBuilder(), 1); return 1; }
  private static List<String> fill(Set<String> keys) { keys.clear(); return new ArrayList<>(); }
  private static List<Integer> each() { List<Integer> l = new ArrayList<>(); l.forEach(x -> Registry.count++); return l; }
}
`),
	}
	snap, err := analysis.Build(context.Background(), "/mem", analysis.MemorySource{Name: "mem", Files: files}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		field  string
		writes bool
	}{
		{"i.Holder#JOINER", false}, // a lambda the builder keeps runs where the joiner is used, not here
		{"i.Holder#NOTES", false},
		{"i.Holder#CHAIN", false}, // a builder chain on fresh objects
		{"i.Holder#seen", false},
		{"i.Holder#plain", false},       // no initializer
		{"i.Holder#TICKET", true},       // counts in a static
		{"i.Holder#SELF", true},         // puts into a shared map
		{"i.Holder#shared", true},       // clears a set it reads from static state
		{"i.Holder#RUN", true},          // a lambda run by the method it is handed to
		{"i.Holder#KEPT", false},        // a counting lambda the builder keeps and never runs here
		{"i.Holder#EACH", true},         // a helper handing a writing lambda to library code
		{"i.Holder#APPENDER", false},    // the constructor keeps its default lambda (a conditional's branch) in a field
		{"i.Holder#APPENDER_RAN", true}, // handed to a method that runs it
		{"i.Holder#APPENDED", true},     // a method runs the lambda an object it made keeps
		{"i.Holder#WITNESSED", false},   // explicit type arguments (X.<T>m()) resolve like any static call
		{"i.Holder#WITNESSED_RUN", true},
	} {
		why := InitializerWrites(snap, tc.field)
		if (why != "") != tc.writes {
			t.Errorf("InitializerWrites(%s) = %q, want writes %v", tc.field, why, tc.writes)
		}
	}
	if why := InitializerWrites(snap, "i.Holder#missing"); !strings.Contains(why, "unknown field") {
		t.Errorf("a missing field: %q", why)
	}
}
