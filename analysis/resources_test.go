package analysis

import (
	"context"
	"slices"
	"strings"
	"testing"
)

func TestResourceTypes(t *testing.T) {
	src := MemorySource{Name: "m", Files: map[string][]byte{
		"src/main/java/a/Rules.java":     []byte("package a;\npublic class Rules {\n  public static class Step {}\n  String f() { return \"rules.xml\"; }\n}\n"),
		"src/main/java/a/Factory.java":   []byte("package a;\npublic class Factory {}\n"),
		"src/main/java/a/Holder.java":    []byte("package a;\npublic class Holder {\n  public void addConstant(String n, String v) {}\n  public void addOther(String n) {}\n}\n"),
		"src/main/java/a/Unnamed.java":   []byte("package a;\npublic class Unnamed {\n  static final String IMPL = \"a.Rules$Step\";\n}\n"),
		"src/main/resources/a/rules.xml": []byte(`<rules><create class="a.Factory"/><create class="a.Rules$Step"/><x version="1.0" lib="java.util.List"/><call-method-rule methodname="addConstant" paramcount="2"/></rules>`),
		"src/test/resources/data.bin":    []byte("a.Unnamed\x00\x01"),
		// A serialization stream: the class name follows a length byte that reads as "A".
		"src/test/resources/obj.ser": []byte("\xac\xed\x00\x05sr\x00Aa.Factory\x12\x34\x00xp"),
	}}
	s, err := Build(context.Background(), "/r", src, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ literal, want string }{
		{"rules.xml", "a.Factory a.Rules.Step"},
		{"/a/rules.xml", "a.Factory a.Rules.Step"},
		{"a/rules.xml", "a.Factory a.Rules.Step"},
		{"les.xml", ""},           // a suffix of the name, not of the path
		{"data.bin", "a.Unnamed"}, // binary content: its runs of text
		{"obj.ser", "a.Factory"},  // …after a length byte that reads as a letter
		{"other.xml", ""},         // no such resource
		{"java.util.List", ""},    // a dotted name, no resource
	} {
		if got := strings.Join(s.ResourceTypes(tc.literal), " "); got != tc.want {
			t.Errorf("ResourceTypes(%q) = %q, want %q", tc.literal, got, tc.want)
		}
	}
	if got := s.NamingResources(); !slices.Equal(got, []string{"data.bin", "obj.ser", "rules.xml"}) {
		t.Errorf("NamingResources = %v", got)
	}
	// The member naming the resource depends on every member of the types it names.
	g := BuildGraph(s)
	// …and on the methods it names for the library to call (a Digester rule's methodname).
	if got := edgeTargets(g, "a.Rules#f()", EdgeResource); got != "a.Factory a.Factory#<init>() a.Holder#addConstant(String,String) a.Rules.Step a.Rules.Step#<init>()" {
		t.Errorf("resource edges of Rules#f = %s", got)
	}
	// A literal that is a class's binary name may be loaded by name: like a class literal.
	if got := edgeTargets(g, "a.Unnamed#IMPL", EdgeClassLiteral); got != "a.Rules.Step a.Rules.Step#<init>()" {
		t.Errorf("class-name edges of Unnamed#IMPL = %s", got)
	}
}

// edgeTargets lists, sorted and once each, where id's edges of kind lead.
func edgeTargets(g *Graph, id, kind string) string {
	var to []string
	for _, e := range g.Callees(id) {
		if e.Kind == kind {
			to = append(to, e.To)
		}
	}
	slices.Sort(to)
	return strings.Join(slices.Compact(to), " ")
}
