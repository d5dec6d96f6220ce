package analysis

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// memSource is an in-memory Source for graph tests.
type memSource map[string][]byte

func (m memSource) List() ([]string, error) {
	out := make([]string, 0, len(m))
	for p := range m {
		out = append(out, p)
	}
	sort.Strings(out)
	return out, nil
}

func (m memSource) Read(rel string) ([]byte, error) {
	b, ok := m[rel]
	if !ok {
		return nil, os.ErrNotExist
	}
	return b, nil
}

func (m memSource) Describe() string { return "memory" }

// readJavaTree reads every .java file under dir, keyed by slash path relative to dir.
func readJavaTree(t testing.TB, dir string) memSource {
	t.Helper()
	files := memSource{}
	err := filepath.WalkDir(dir, func(p string, e os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !e.IsDir() && strings.HasSuffix(p, ".java") {
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			rel, _ := filepath.Rel(dir, p)
			files[filepath.ToSlash(rel)] = b
		}
		return nil
	})
	if err != nil {
		t.Fatalf("read %s: %v", dir, err)
	}
	return files
}

func snapshotFromSource(t testing.TB, root string, src memSource) *Snapshot {
	t.Helper()
	s, err := Build(context.Background(), root, src, nil)
	if err != nil {
		t.Fatalf("build snapshot: %v", err)
	}
	return s
}

func graphFixture(t testing.TB, name string) *Graph {
	t.Helper()
	dir := filepath.Join("..", "testdata", "graph", name)
	return BuildGraph(snapshotFromSource(t, dir, readJavaTree(t, dir)))
}

// ruleCases are the resolution rules, each with a change that a test must reach, and,
// where the rule is about precision, a change it must not reach.
var ruleCases = []struct {
	rule, fixture string
	change        string
	reaches       []string // test methods that must be selected by the change
	notReaches    []string // nodes that must stay unaffected (precision)
	edges         []Edge   // edges the rule itself must produce (Line ignored)
}{
	{"chain through return types", "names", "app.model.Item#weight()",
		[]string{"app.NamesTest#chainThroughReturnType()", "app.NamesTest#varLocal()"}, nil, nil},
	{"chain resolves, decoy untouched", "names", "app.other.Crate#weight()",
		nil, []string{"app.NamesTest#chainThroughReturnType()", "app.NamesTest#varLocal()"}, nil},
	{"Enum's methods called without a receiver inside an enum are its own", "names", "app.other.Crate#name()", nil,
		[]string{"app.NamesTest#enumMethodsWithoutReceiver()", "app.NamesTest#ownNameInsideAnEnum()"}, nil},
	{"Enum's ordinal() without a receiver in a constant body", "names", "app.other.Crate#ordinal()", nil,
		[]string{"app.NamesTest#enumMethodsWithoutReceiver()"}, nil},
	{"a type nested in an enum that declares name() keeps its own", "names", "app.model.Shade.Swatch#name()",
		[]string{"app.NamesTest#ownNameInsideAnEnum()"}, []string{"app.NamesTest#enumMethodsWithoutReceiver()"}, nil},
	{"nested type", "names", "app.model.Box.Lid#size()", []string{"app.NamesTest#nestedType()"}, nil, nil},
	{"new with a qualified type name", "names", "app.other.Line#<init>(int,int,double)", []string{"app.NamesTest#qualifiedNew()"}, nil, nil},
	{"new with a qualified type name, same-named type of the package untouched", "names", "app.model.Line#<init>(int,int,double)", nil, []string{"app.NamesTest#qualifiedNew()"}, nil},
	{"nested type, decoy untouched", "names", "app.other.Crate#size()", nil, []string{"app.NamesTest#nestedType()"}, nil},
	{"valueOf on a qualified nested enum makes every constant", "names", "app.model.Box.Mode#OPEN",
		[]string{"app.NamesTest#qualifiedNestedEnumValueOf()"}, []string{"app.NamesTest#nestedType()"}, nil},
	{"static import", "names", "app.util.Strings#pad(String)", []string{"app.NamesTest#staticImport()"}, nil, nil},
	{"static import, decoy untouched", "names", "app.other.Crate#pad(String)", nil, []string{"app.NamesTest#staticImport()"}, nil},
	{"inherited field in inner class", "names", "app.model.Item#weight()", []string{"app.NamesTest#inheritedFieldInInnerClass()"}, nil, nil},
	{"field initializer of a field", "names", "app.model.Box#item", []string{"app.NamesTest#chainThroughReturnType()"}, nil, nil},

	{"an isolated enum constant is reached by its readers and by what hands out every constant", "enums", "app.Size#MEDIUM",
		[]string{"app.EnumsTest#values()", "app.EnumsTest#range()", "app.EnumsTest#lastOfItsEnum()", "app.EnumsTest#deserialized()",
			"app.EnumsTest#byClassLiteral()"},
		[]string{"app.EnumsTest#oneConstant()", "app.EnumsTest#classNameOnly()"}, nil},
	{"an isolated enum constant's constructor is reached by every reader", "enums", "app.Size#<init>(String,int)",
		[]string{"app.EnumsTest#oneConstant()"}, nil, nil},
	{"constants of an enum whose constructor writes static state run for every user", "enums", "app.Unit#FOOT",
		[]string{"app.EnumsTest#registeredByTheConstructor()"}, nil, nil},
	{"a constant whose construction may throw runs for every user (a division)", "enums", "app.Ratio#BROKEN",
		[]string{"app.EnumsTest#initializationMayFail()"}, nil, nil},
	{"a constant whose construction may throw runs for every user (unboxing)", "enums", "app.Weight#NONE",
		[]string{"app.EnumsTest#initializationMayFail()"}, nil, nil},
	{"a constant whose argument calls a method runs for every user", "enums", "app.Tone#SOFT",
		[]string{"app.EnumsTest#registeredByAnArgumentOrABody()"}, nil, nil},
	{"a constant with a class body runs for every user", "enums", "app.Tone#HARD",
		[]string{"app.EnumsTest#registeredByAnArgumentOrABody()"}, nil, nil},

	{"dispatch to subtype override", "dispatch", "app.Circle#area()", []string{"app.DispatchTest#overrideInSubtype()"}, nil,
		[]Edge{{From: "app.Shape#area()", To: "app.Circle#area()", Kind: "override"}}},
	{"inherited declaration", "dispatch", "app.Shape#area()", []string{"app.DispatchTest#inheritedDeclaration()"}, nil, nil},
	{"interface default method", "dispatch", "app.Named#name()", []string{"app.DispatchTest#interfaceDefault()"}, nil, nil},
	{"interface method implemented by superclass", "dispatch", "app.BaseRunner#run()", []string{"app.DispatchTest#implementedBySuperclass()"}, nil,
		[]Edge{{From: "app.Runner#run()", To: "app.BaseRunner#run()", Kind: "dispatch"}}},

	{"explicit and implicit super() chain", "constructors", "app.Base#<init>()", []string{"app.ConstructorsTest#superChainAndInitializers()"}, nil,
		[]Edge{{From: "app.GrandChild#<init>()", To: "app.Child#<init>(int)", Kind: "super"}, {From: "app.Child#<init>(int)", To: "app.Base#<init>()", Kind: "super"}}},
	{"field initializer into constructors", "constructors", "app.Seeds#first()", []string{"app.ConstructorsTest#superChainAndInitializers()"}, nil,
		[]Edge{{From: "app.Base#<init>()", To: "app.Base#seed", Kind: "initializer"}}},
	{"instance initializer block", "constructors", "app.GrandChild#<init-block>", []string{"app.ConstructorsTest#superChainAndInitializers()"}, nil,
		[]Edge{{From: "app.GrandChild#<init>()", To: "app.GrandChild#<init-block>", Kind: "initializer"}}},
	{"implicit default constructor", "constructors", "app.Logs#create()", []string{"app.ConstructorsTest#implicitDefaultConstructor()"}, nil,
		[]Edge{{From: "app.ConstructorsTest#implicitDefaultConstructor()", To: "app.Plain#<init>()", Kind: "new"}, {From: "app.Plain#<init>()", To: "app.Plain#log", Kind: "initializer"}}},
	{"reading a constant variable does not initialize its class", "constructors", "app.Limits#<clinit>",
		[]string{"app.ConstructorsTest#readsBoxed()", "app.ConstructorsTest#readsNamedConstant()",
			"app.ConstructorsTest#readsThrowingInitializer()", "app.ConstructorsTest#readsMutable()"},
		[]string{"app.ConstructorsTest#readsConstantsOnly()"}, nil},
	{"a static field whose initializer only makes its value is seen by its readers only", "constructors", "app.Limits#ORDER",
		[]string{"app.ConstructorsTest#readsOrder()"}, []string{"app.ConstructorsTest#readsBoxed()"}, nil},
	{"a static field whose initializer may throw is seen by every user of the class", "constructors", "app.Limits#SIZED",
		[]string{"app.ConstructorsTest#readsBoxed()", "app.ConstructorsTest#readsOrder()"}, nil, nil},
	{"static initializer", "constructors", "app.Config#<clinit>", []string{"app.ConstructorsTest#staticInitializerReachesUsers()"}, nil,
		[]Edge{{From: "app.ConstructorsTest#staticInitializerReachesUsers()", To: "app.Config#<clinit>", Kind: "static-init"},
			{From: "app.ConstructorsTest#staticInitializerReachesUsers()", To: "app.Config#MODE", Kind: "static-init"}}},
	{"static field initializer", "constructors", "app.Modes#pick()", []string{"app.ConstructorsTest#staticInitializerReachesUsers()"}, nil, nil},

	{"static constant read", "fields", "app.Sizes#compute()", []string{"app.FieldsTest#staticConstantRead()"}, nil, nil},
	{"qualified field write", "fields", "app.Limits#current", []string{"app.FieldsTest#qualifiedWrite()"}, nil,
		[]Edge{{From: "app.FieldsTest#qualifiedWrite()", To: "app.Limits#current", Kind: "field-write"}, {From: "app.Meter#read()", To: "app.Limits#current", Kind: "field-read"}}},
	{"inherited field read", "fields", "app.Limits#current", []string{"app.FieldsTest#instanceFieldRead()"}, nil, nil},
	{"a field selected in a chain is read on its receiver", "fields", "app.Matchers#split()", []string{"app.FieldsTest#fieldSelectedInAChain()"}, nil,
		[]Edge{{From: "app.Tokenizer#delim", To: "app.Matchers#INSTANCE", Kind: "field-read"}}},
	{"a field selected in a chain is no name of every type", "fields", "app.Holder#INSTANCE", nil, []string{"app.FieldsTest#fieldSelectedInAChain()"}, nil},
	{"a JDK constant is a library value", "receivers", "app.Tag#toString()", nil, []string{"app.ReceiversTest#jdkConstant()"}, nil},
	{"another library's constant may hold a project object with a library supertype", "receivers", "app.Badge#describe()", []string{"app.ReceiversTest#thirdPartyConstant()"}, nil, nil},
	{"or one whose class inherits the method from a project superclass", "receivers", "app.Plain#describe()", []string{"app.ReceiversTest#thirdPartyConstant()"}, nil, nil},
	{"but no object of a type without library supertypes", "receivers", "app.Tag#describe()", nil, []string{"app.ReceiversTest#thirdPartyConstant()"}, nil},
	{"toString() on an untyped value reaches the class of the object made", "receivers", "app.Stamp#toString()", []string{"app.ReceiversTest#objectMethodsOnAnUntypedValue()"}, nil, nil},
	{"and no other class's by name", "receivers", "app.Tag#toString()", nil, []string{"app.ReceiversTest#objectMethodsOnAnUntypedValue()"}, nil},
	{"a field inherited from a JDK stream (FilterInputStream's in) is a library InputStream: the stream made reaches its methods", "receivers", "app.Zeros#markSupported()",
		[]string{"app.ReceiversTest#wrapperAsksTheStreamItWraps()"}, nil, nil},
	{"and a Reader's methods of that name are not matched", "receivers", "app.Letters#markSupported()", nil, []string{"app.ReceiversTest#wrapperAsksTheStreamItWraps()"}, nil},
	{"nor through this.in", "receivers", "app.Letters#available()", nil, []string{"app.ReceiversTest#wrapperAsksTheStreamItWraps()"}, nil},
	{"this.f of a local class may be a field it inherits", "fields", "app.Bin#size", []string{"app.FieldsTest#localClassField()"}, nil, nil},
	{"this.f of a local class is no static of another type", "fields", "app.Tally#size", nil, []string{"app.FieldsTest#localClassField()"}, nil},

	{"static method reference", "lambdas", "app.Ops#twice(int)", []string{"app.LambdasTest#staticMethodReference()"}, nil,
		[]Edge{{From: "app.LambdasTest#staticMethodReference()", To: "app.Ops#twice(int,int)", Kind: "method-ref"}}},
	{"bound method reference", "lambdas", "app.Ops#negate(int)", []string{"app.LambdasTest#boundMethodReference()"}, nil, nil},
	{"lambda body", "lambdas", "app.Helper#work()", []string{"app.LambdasTest#lambdaBody()"}, nil, nil},
	{"anonymous class body", "lambdas", "app.Helper#compare(String,String)", []string{"app.LambdasTest#anonymousClassBody()"}, nil, nil},
	{"a lambda initializes its interface when that declares default methods", "lambdas", "app.Action#NOP",
		[]string{"app.LambdasTest#lambdaOfAnInterfaceWithDefaults()"}, []string{"app.LambdasTest#lambdaOfAPlainInterface()"}, nil},
	{"a lambda of an interface without default methods leaves it uninitialized", "lambdas", "app.Helper#names()",
		nil, []string{"app.LambdasTest#lambdaOfAPlainInterface()", "app.LambdasTest#anonymousClassOfAPlainInterface()"}, nil},
	{"an anonymous class or a class implementing an interface with default methods initializes it", "lambdas", "app.Action#NOP",
		[]string{"app.LambdasTest#anonymousClassOfAnInterfaceWithDefaults()", "app.LambdasTest#classImplementingAnInterfaceWithDefaults()"}, nil, nil},
	{"a lambda or method reference assigned to a local, passed to a constructor or made by a factory initializes its interface", "lambdas", "app.Action#NOP",
		[]string{"app.LambdasTest#lambdaAssignedToALocal()", "app.LambdasTest#methodReferenceAssignedToALocal()",
			"app.LambdasTest#lambdaPassedToAConstructor()", "app.LambdasTest#lambdaReturnedByAFactory()"},
		[]string{"app.LambdasTest#lambdaOfAPlainInterfaceAssignedToALocal()"}, nil},
	{"method reference with type arguments", "lambdas", "app.Helper#first(List)", []string{"app.LambdasTest#methodReferenceWithTypeArguments()"}, nil, nil},
	{"static call with type arguments", "lambdas", "app.Helper#first(List)", []string{"app.LambdasTest#staticCallWithTypeArguments()"}, nil,
		[]Edge{{From: "app.LambdasTest#staticCallWithTypeArguments()", To: "app.Helper#first(List)", Kind: "call"}}},
	{"a call inside a method of an anonymous class", "lambdas", "app.Helper#work()", []string{"app.LambdasTest#anonymousClassInProduction()"}, nil, nil},
	{"a method declared in an anonymous class calls nothing", "lambdas", "app.Meter#scale()", nil,
		[]string{"app.LambdasTest#anonymousClassInProduction()", "app.Gram#unit()"}, nil},

	{"Class.forName constant", "reflection", "app.Plugin#run()", []string{"app.ReflectionTest#forName()", "app.Registry#load()"}, nil,
		[]Edge{{From: "app.Registry#load()", To: "app.Plugin", Kind: "reflection"}}},
	{"getMethod constant", "reflection", "app.Target#hidden()", []string{"app.ReflectionTest#getMethodByConstant()"}, nil, nil},
	{"getField constant and class literal", "reflection", "app.Secrets#value()", []string{"app.ReflectionTest#getFieldByConstant()"}, nil,
		[]Edge{{From: "app.ReflectionTest#getFieldByConstant()", To: "app.Target#SECRET", Kind: "reflection", Uncertain: WhyReflectionName}, {From: "app.ReflectionTest#getFieldByConstant()", To: "app.Target", Kind: "class-literal"}}},
	{"non-constant reflective name", "reflection", "app.Gadget#spin()", []string{"app.ReflectionTest#nonConstantName()", "app.ReflectionTest#checkedName()"}, nil, nil},
	{"the class of a value of a type parameter may be any class, whose methods a computed name may look up", "reflection", "app.Dial#getLevel()",
		[]string{"app.AccessorsBase#readsEveryAccessor()"}, nil, nil},
	{"a type named only as the head of static calls is no reflective target", "reflection", "app.Checks#other()", nil,
		[]string{"app.ReflectionTest#checkedName()", "app.Invoker#callChecked(Gadget,String)"}, nil},
	{"what a static call returns may be looked up reflectively", "reflection", "app.Gadget#spin()", []string{"app.ReflectionTest#madeName()"}, nil, nil},
	{"a test object handed to code that calls it by a computed name", "reflection", "app.Sound#ding()",
		[]string{"app.ReflectionTest#testObjectByComputedName()"}, []string{"app.ReflectionTest#nonConstantName()", "app.ReflectionTest#madeName()"}, nil},
	{"…but not an override of a project method, which runs where that one is called", "reflection", "app.Sound#ding()", nil,
		[]string{"app.ReflectionTest#createsAnImplementationOnly()"}, nil},
	{"…nor objects a helper type's methods make", "reflection", "app.Sound#ding()", nil,
		[]string{"app.ReflectionTest.BellMaker#make()"}, nil},
	{"Charset.forName and lookups on a class literal look up nothing of their own class", "reflection", "app.Encodings#other()", nil,
		[]string{"app.Encodings#named(String)", "app.Encodings#constructors()"}, nil},
	{"…while the class literal reaches its class's members", "reflection", "app.Gadget#spin()", []string{"app.Encodings#constructors()"}, nil, nil},
	{"a static field looked up by name initializes its class", "reflection", "app.Layout#columns()",
		[]string{"app.ReflectionTest#staticFieldOfComputedClass()"}, []string{"app.ReflectionTest#getFieldByConstant()"},
		[]Edge{{From: "app.ReflectionTest#staticFieldOfComputedClass()", To: "app.WideTable#COLUMNS", Kind: "static-init", Uncertain: WhyReflectionName}}},

	{"library callback: Comparator", "callbacks", "app.ByLength#compare(String,String)", []string{"app.CallbacksTest#comparatorPassedToLibrary()"}, nil,
		[]Edge{{From: "app.CallbacksTest#comparatorPassedToLibrary()", To: "app.ByLength#compare(String,String)", Kind: "callback"}}},
	{"library callback: Runnable into Thread", "callbacks", "app.Task#run()", []string{"app.CallbacksTest#runnableUpcastIntoThread()"}, nil, nil},
	{"Iface.super.m() of a library interface runs its default method on this, not every project m", "callbacks", "app.Shelf#get(Object)", nil,
		[]string{"app.CallbacksTest#librarySuperCall()", "app.CallbacksTest#inheritedLibraryMethod()"}, nil},
	{"v.getClass() handed to a JDK map held by a field reaches no project member", "callbacks", "app.Shelf#get(Object)", nil,
		[]string{"app.CallbacksTest#classOfAValueToTheJdk()"}, nil},
	{"a library default method calls back this object's methods", "callbacks", "app.Stamp#getLong(TemporalField)",
		[]string{"app.CallbacksTest#librarySuperCall()"}, nil,
		[]Edge{{From: "app.Stamp#get(TemporalField)", To: "app.Stamp#getLong(TemporalField)", Kind: EdgeCallback}}},
	{"an unqualified method inherited from a library supertype calls back this object's methods", "callbacks", "app.Mark#getLong(TemporalField)",
		[]string{"app.CallbacksTest#inheritedLibraryMethod()"}, nil,
		[]Edge{{From: "app.Mark#day()", To: "app.Mark#getLong(TemporalField)", Kind: EdgeCallback}}},
	{"library callback: Object#toString", "callbacks", "app.Money#toString()", []string{"app.CallbacksTest#toStringCalledByLibrary()"}, nil,
		[]Edge{{From: "app.Wallet#balance()", To: "app.Money#toString()", Kind: "callback"}}},
	{"library callback: private serialization hook", "callbacks", "app.Settings#writeReplace()", []string{"app.CallbacksTest#serializedByLibrary()"}, nil,
		[]Edge{{From: "app.CallbacksTest#serializedByLibrary()", To: "app.Settings#writeReplace()", Kind: "callback"}}},
	{"serialization hooks run by serialization calls only, not by creating the object", "callbacks", "app.Settings#writeReplace()",
		[]string{"app.CallbacksTest#serializedByLibrary()", "app.CallbacksTest#deserializedByLibrary()"},
		[]string{"app.CallbacksTest#serializableUsesName()"}, nil},
	{"a library's serialization helper runs them (commons-lang's SerializationUtils.roundtrip), another helper does not", "callbacks", "app.Settings#writeReplace()",
		[]string{"app.CallbacksTest#roundTripByAHelperLibrary()"}, []string{"app.CallbacksTest#sortedByAnotherLibraryHelper()"}, nil},
	{"deserialization runs the no-argument constructor of a non-serializable superclass", "callbacks", "app.Ledger#<init>()",
		[]string{"app.CallbacksTest#deserializedByLibrary()"}, nil, nil},
	{"known library interface narrows callbacks", "callbacks", "app.Settings#size()", nil, []string{"app.CallbacksTest#serializableUsesName()"}, nil},

	{"enum mention reaches no enum method", "hubs", "app.Level#describe()", nil,
		[]string{"app.HubsTest#enumMentionedOnly()", "app.HubsTest#enumConstantToStringByLibrary()", "app.Gauge#accept(Level)"}, nil},
	{"enum constant toString called by library", "hubs", "app.Level#toString()",
		[]string{"app.HubsTest#enumConstantToStringByLibrary()", "app.HubsTest#enumValuesToStringByLibrary()"},
		[]string{"app.HubsTest#enumMentionedOnly()"}, []Edge{{From: "app.Level#HIGH", To: "app.Level#toString()", Kind: "callback"}}},
	{"exception mention reaches no exception method", "hubs", "app.AppException#detail()", nil,
		[]string{"app.HubsTest#exceptionMentionedOnly()", "app.HubsTest#exceptionMessageReadByLibrary()"}, nil},
	{"exception message read through a library type", "hubs", "app.AppException#getMessage()",
		[]string{"app.HubsTest#exceptionMessageReadByLibrary()"}, []string{"app.HubsTest#exceptionMentionedOnly()"},
		[]Edge{{From: "app.Guard#check(boolean)", To: "app.AppException#getMessage()", Kind: "callback"}}},
	{"collection subclass: inherited library method calls an override", "hubs", "app.Items#add(String)",
		[]string{"app.HubsTest#inheritedLibraryMethodCallsOverride()"}, nil, nil},
	{"collection subclass: own method is no callback", "hubs", "app.Items#unwrap()", nil,
		[]string{"app.HubsTest#inheritedLibraryMethodCallsOverride()", "app.HubsTest#itemsCreatedOnly()"}, nil},
	{"unknown library supertype: every instance method", "hubs", "app.Panel#repaintLater()",
		[]string{"app.HubsTest#unknownLibrarySupertype()"}, nil, nil},

	{"creating a subclass initializes the superclass", "hubs", "app.Seed#value()",
		[]string{"app.HubsTest#superclassInitializedBySubclassCreation()"}, []string{"app.HubsTest#registryMentionedOnly()"},
		[]Edge{{From: "app.HubsTest#superclassInitializedBySubclassCreation()", To: "app.Registry#SEED", Kind: "static-init"}}},

	{"closed library receivers never match project methods by name", "receivers", "app.Doc#append(Doc)", nil,
		[]string{"app.ReceiversTest#renderUsesLibraryAppend()", "app.Report#render(Doc)"}, nil},
	{"List<Doc>.get(i) is a Doc", "receivers", "app.Doc#weight()",
		[]string{"app.ReceiversTest#untypedElementMatchedByName()"}, []string{"app.ReceiversTest#renderUsesLibraryAppend()"},
		[]Edge{{From: "app.Report#firstWeight(List)", To: "app.Doc#weight()", Kind: "call"}}},
	{"a wildcard type argument is unknown: matched by name, tagged uncertain", "receivers", "app.net.Sheep#weight()",
		[]string{"app.Report#firstWeightOfAny(List)"}, []string{"app.Report#firstWeight(List)"},
		[]Edge{{From: "app.Report#firstWeightOfAny(List)", To: "app.Doc#weight()", Kind: "call", Uncertain: WhyReceiverUnknown}}},
	{"JDK generic results are typed by the receiver's type arguments", "receivers", "app.net.Sheep#position()",
		[]string{"app.net.Registry#rawPosition(List)"},
		[]string{"app.net.Registry#positionOf(String)", "app.net.Registry#firstPosition()", "app.net.Registry#sum()", "app.net.Registry#firstEntryPosition()",
			"app.net.Registry#pocketPosition()", "app.net.Registry#lastPosition(List)", "app.ReceiversTest#registry()"}, nil},
	{"and reach the argument type's methods", "receivers", "app.net.HeavyCell#copy()", nil, nil,
		[]Edge{{From: "app.net.Registry#positionOf(String)", To: "app.net.Cell#position()", Kind: "call"},
			{From: "app.net.Registry#firstPosition()", To: "app.net.Cell#position()", Kind: "call"},
			{From: "app.net.Registry#sum()", To: "app.net.Cell#position()", Kind: "call"},
			{From: "app.net.Registry#pocketPosition()", To: "app.net.Cell#position()", Kind: "call"},
			{From: "app.net.Registry#lastPosition(List)", To: "app.net.Cell#position()", Kind: "call"},
			{From: "app.net.Registry#firstEntryPosition()", To: "app.net.Cell#position()", Kind: "call"}}},
	{"a JDK method's library-typed result (keySet of a raw Map) matches no project method by name", "receivers", "app.net.Pocket#size()",
		nil, []string{"app.net.Registry#rawKeyCount(Map)", "app.net.Registry#firstEntryPosition()"}, nil},

	{"unqualified call in an anonymous class: inherited from its supertype", "receivers", "app.Handler#twice(int)",
		[]string{"app.ReceiversTest#anonymousClassCallsInheritedMethod()"}, nil,
		[]Edge{{From: "app.Wiring#run(int)", To: "app.Handler#twice(int)", Kind: "call"}}},
	{"unqualified call in an anonymous class: no name match elsewhere", "receivers", "app.Other#twice(int)", nil,
		[]string{"app.ReceiversTest#anonymousClassCallsInheritedMethod()"}, nil},

	{"overload by what argument calls return (String.length(), BigInteger.bitLength())", "overloads", "app.Widths#max(double,double)", nil,
		[]string{"app.Widths#longest(String,String)", "app.Widths#wider(BigInteger,BigInteger)"}, nil},
	{"…an int and a double call result pick the double overload", "overloads", "app.Widths#max(double,double)",
		[]string{"app.Widths#mixed(String,Gauge)"}, nil, nil},
	{"…and not the int one", "overloads", "app.Widths#max(int,int)", nil, []string{"app.Widths#mixed(String,Gauge)"}, nil},
	{"an array element is of the array's element type", "overloads", "app.Widths#abs(int)", nil, []string{"app.Widths#scale(double[],double[][],int)"}, nil},
	{"…and the overload it picks types the call around it", "overloads", "app.Widths#max(int,int)", nil, []string{"app.Widths#scale(double[],double[][],int)"}, nil},
	{"an array's length is an int", "overloads", "app.Widths#max(long,long)", nil, []string{"app.Widths#sized(int[],int)"}, nil},
	{"an anonymous class's fields are typed by their declarations", "overloads", "app.Widths#max(int,int)", nil,
		[]string{"app.Widths#visitor()"}, nil},
	{"…so the double overload is the one reached", "overloads", "app.Widths#max(double,double)", []string{"app.Widths#visitor()"}, nil, nil},
	{"…a generic method's result is unknown and keeps every overload", "overloads", "app.Widths#max(double,double)",
		[]string{"app.Widths#untyped(Integer[],String)"}, nil, nil},
	{"overload by project argument types", "overloads", "app.Fmt#models(Model,Model)", []string{"app.OverloadsTest#closeModels()"}, nil, nil},
	{"overload by project argument types: array overload untouched", "overloads", "app.Fmt#arrays(double[],double[])", nil,
		[]string{"app.OverloadsTest#closeModels()"}, nil},
	{"constructor overload by argument types", "overloads", "app.Joins#concat(double[],double[])", nil, []string{"app.OverloadsTest#constructorByArgumentTypes()"}, nil},
	{"constructor overload with unknown arguments keeps every fitting one", "overloads", "app.Joins#concat(double[],double[])", []string{"app.OverloadsTest#constructorWithUnknownArguments()"}, nil, nil},
	{"overload by int literal", "overloads", "app.Fmt#ints(int)", []string{"app.OverloadsTest#showIntLiteral()", "app.OverloadsTest#inheritedOverload()"}, nil, nil},
	{"overload by literal: no boxing while a primitive overload applies", "overloads", "app.Fmt#objects(Object)", nil,
		[]string{"app.OverloadsTest#showIntLiteral()", "app.OverloadsTest#showLongLiteral()"}, nil},
	{"overload by long literal: no narrowing", "overloads", "app.Fmt#longs(long)", []string{"app.OverloadsTest#showLongLiteral()"},
		[]string{"app.OverloadsTest#showConcatenation()"}, nil},
	{"overload of a boxed argument: Object by subtyping", "overloads", "app.Fmt#objects(Object)", []string{"app.OverloadsTest#showBoxed()"}, nil, nil},
	{"overload by arithmetic on typed names: double", "overloads", "app.Fmt#doubles(double)", []string{"app.OverloadsTest#showDoubleArithmetic()"},
		[]string{"app.OverloadsTest#showLongArithmetic()"}, nil},
	{"overload by arithmetic on typed names: int and long promote to long", "overloads", "app.Fmt#longs(long)", []string{"app.OverloadsTest#showLongArithmetic()"},
		[]string{"app.OverloadsTest#showDoubleArithmetic()"}, nil},
	{"overload by arithmetic: int overload untouched by a double or long result", "overloads", "app.Fmt#ints(int)", nil,
		[]string{"app.OverloadsTest#showDoubleArithmetic()", "app.OverloadsTest#showLongArithmetic()"}, nil},
	{"overload by arithmetic on a call's result keeps every fitting overload", "overloads", "app.Fmt#ints(int)",
		[]string{"app.OverloadsTest#showUntypedArithmetic()"}, nil, nil},
	{"overload by string concatenation", "overloads", "app.Fmt#strings(String)", []string{"app.OverloadsTest#showConcatenation()"},
		[]string{"app.OverloadsTest#showIntLiteral()", "app.OverloadsTest#inheritedOverload()"}, nil},
	{"overload by string concatenation: numeric overloads untouched", "overloads", "app.Fmt#ints(int)", nil,
		[]string{"app.OverloadsTest#showConcatenation()"}, nil},

	{"a field declared double values[] is an array", "overloads", "app.Hashes#of(double[])", []string{"app.OverloadsTest#arrayFieldDeclaredOnTheName()"}, nil, nil},
	{"a field declared double values[] is no double", "overloads", "app.Hashes#of(double)", nil, []string{"app.Series#hash()"}, nil},
	{"explicit type arguments (Collections.<K, V>emptyMap()) are no arguments", "overloads", "app.Series#<init>(double,Map)",
		[]string{"app.OverloadsTest#arrayFieldDeclaredOnTheName()"}, nil, nil},
	{"and the constructor of another arity is not called", "overloads", "app.Series#<init>(double,double,Map)", nil,
		[]string{"app.Series#constant(double)"}, nil},

	{"implicit toString of string concatenation", "implicit", "app.Tag#toString()", []string{"app.ImplicitTest#stringConcatenation()"}, nil, nil},
	{"implicit iterator of enhanced for", "implicit", "app.Range#iterator()", []string{"app.ImplicitTest#enhancedFor()"}, nil, nil},
	{"implicit close of try-with-resources", "implicit", "app.Res#close()", []string{"app.ImplicitTest#tryWithResources()"}, nil, nil},
	{"switch on an enum initializes it", "implicit", "app.Names#prefix()", []string{"app.ImplicitTest#switchOnEnum()"},
		[]string{"app.ImplicitTest#tryWithResources()"}, nil},
	{"a project Number through its library supertype", "implicit", "app.Amount#longValue()", []string{"app.ImplicitTest#projectNumber()"}, nil, nil},

	{"unqualified call in an anonymous class: enclosing type's library method dispatches to overrides", "receivers", "app.FastJob#trimToSize()",
		[]string{"app.ReceiversTest#anonymousClassCallsEnclosingLibraryMethod()"}, nil, nil},
	{"super.m() in an anonymous class body is the anonymous class's supertype's", "receivers", "app.Counter#increment(int)",
		[]string{"app.ReceiversTest#superCallInAnAnonymousClass()"}, nil, nil},
	{"a chained call's receiver is the call right before it, not an argument's call of the same name", "receivers", "app.Plan#weight(int)",
		[]string{"app.ReceiversTest#chainAfterACallWhoseArgumentCallsTheSameName()"}, nil, nil},
	{"a local of a qualified library type (Map.Entry) is no project type of that simple name", "receivers", "app.net.Cell#copy()",
		[]string{"app.ReceiversTest#copiesGrid()"}, nil, nil},
	{"a call on an indexed field is typed by the element type, not matched by name", "receivers", "app.net.Sheep#copy()", []string{"app.net.Mesh#either(boolean)", "app.ReceiversTest#sheepCopies()"},
		[]string{"app.net.Mesh#first()", "app.net.Mesh#corner()", "app.net.Mesh#weightOf(Cell[],int)", "app.net.Mesh#fromCall()", "app.ReceiversTest#meshCopiesItsFirstCell()", "app.ReceiversTest#meshRowWeight()"}, nil},
	{"C-style array locals and parenthesised calls are typed", "receivers", "app.net.Sheep#position()", nil,
		[]string{"app.net.Mesh#cStyle()", "app.net.Mesh#parenthesised()"},
		[]Edge{{From: "app.net.Mesh#cStyle()", To: "app.net.Cell#position()", Kind: "call"}, {From: "app.net.Mesh#parenthesised()", To: "app.net.Cell#position()", Kind: "call"}}},
	{"an element typed by its array reaches the element type's method", "receivers", "app.net.Cell#copy()",
		[]string{"app.ReceiversTest#meshCopiesItsFirstCell()", "app.ReceiversTest#meshRowWeight()"}, nil,
		[]Edge{{From: "app.net.Mesh#first()", To: "app.net.Cell#copy()", Kind: "call"}}},
	{"and the overrides in the element type's subtypes", "receivers", "app.net.HeavyCell#copy()",
		[]string{"app.ReceiversTest#meshCopiesItsFirstCell()", "app.ReceiversTest#meshRowWeight()"}, nil, nil},
	{"an array indexed twice is typed by its element type", "receivers", "app.net.Sheep#position()", []string{"app.ReceiversTest#sheepCopies()"},
		[]string{"app.ReceiversTest#meshCorner()", "app.ReceiversTest#meshRowWeight()"}, nil},
	{"an array indexed twice reaches the element type's method", "receivers", "app.net.Cell#position()",
		[]string{"app.ReceiversTest#meshCorner()"}, nil, []Edge{{From: "app.net.Mesh#corner()", To: "app.net.Cell#position()", Kind: "call"}}},
	{"a library element (String[]) reaches no project method by name", "receivers", "app.Entry#trim()", nil, []string{"app.ReceiversTest#meshSizeText()"}, nil},
	{"a call on a cast is typed by the cast's type", "receivers", "app.net.Sheep#position()", []string{"app.net.Casts#castOfCondition(Object,Sheep,Sheep)"},
		[]string{"app.net.Casts#viaCast(Object)", "app.net.Casts#castOfChain(Object[],int)"}, nil},
	{"and reaches the cast type's method and its overrides", "receivers", "app.net.HeavyCell#copy()",
		[]string{"app.net.Casts#castOfChain(Object[],int)"}, nil, []Edge{{From: "app.net.Casts#viaCast(Object)", To: "app.net.Cell#position()", Kind: "call"}}},
	{"a field of a cast or of a call result is typed by its declaration", "receivers", "app.net.Sheep#position()", nil,
		[]string{"app.net.Casts#fieldOfCast(Object)", "app.net.Casts#fieldOfCall()"},
		[]Edge{{From: "app.net.Casts#fieldOfCast(Object)", To: "app.net.Link#cell", Kind: "field-read"}, {From: "app.net.Casts#fieldOfCall()", To: "app.net.Cell#position()", Kind: "call"}}},
	{"a library cast reaches no project method by name", "receivers", "app.Entry#trim()", nil, []string{"app.net.Casts#libraryCast(Object)"}, nil},
	{"new with type arguments types the receiver", "receivers", "app.net.Grid#size()", nil, []string{"app.net.Casts#pocketSize()"},
		[]Edge{{From: "app.net.Casts#pocketSize()", To: "app.net.Pocket#size()", Kind: "call"}}},
	{"a cast to a generic class's member type (Pocket<?>.Slot) reaches that type's method, not the operand's type's", "receivers", "app.net.Pocket.Slot#depth()",
		[]string{"app.ReceiversTest#casts()"}, nil, []Edge{{From: "app.net.Casts#slotDepth(Iterable)", To: "app.net.Pocket.Slot#depth()", Kind: "call"}}},
	{"a name declared in disjoint blocks is typed per block", "receivers", "app.net.Sheep#copy()", nil,
		[]string{"app.net.Blocks#blocks(boolean,Cell,Sheep)"}, []Edge{{From: "app.net.Blocks#blocks(boolean,Cell,Sheep)", To: "app.net.Cell#copy()", Kind: "call"},
			{From: "app.net.Blocks#blocks(boolean,Cell,Sheep)", To: "app.net.Sheep#weight()", Kind: "call"}}},
	{"per block: the other block's type is not matched", "receivers", "app.Doc#weight()", nil, []string{"app.net.Blocks#blocks(boolean,Cell,Sheep)"}, nil},
	{"an anonymous class redeclaring the name keeps it unknown", "receivers", "app.net.Cell#copy()",
		[]string{"app.net.Blocks#shadowed(Cell,Sheep)", "app.net.Blocks#blocks(boolean,Cell,Sheep)"}, nil, nil},
	{"var x = new Outer.Inner(): the local is the nested type", "receivers", "app.linear.Vec.Cursor#position()",
		[]string{"app.ReceiversTest#startsAtZero()"}, nil, nil},
	{"var x = new Outer.Inner(): no other position() matched by name", "receivers", "app.net.Cell#position()",
		nil, []string{"app.ReceiversTest#startsAtZero()"}, nil},
	{"class literal: Class methods match no project method by name", "receivers", "app.Entry#getSimpleName()", nil,
		[]string{"app.ReceiversTest#classLiteralName()", "app.Labels#typeName()"}, nil},
	{"a class literal asked only about the class itself reaches none of its members", "receivers", "app.Labels#text(Object)", nil,
		[]string{"app.Labels#typeName()"}, nil},
	{"class literal: what cast returns stays unknown", "receivers", "app.FastWidget#spin()",
		[]string{"app.ReceiversTest#classLiteralCast()"}, nil, nil},
	{"toString() returns a String, whatever it reached", "receivers", "app.Entry#trim()", nil,
		[]string{"app.ReceiversTest#objectMethodResult()", "app.Labels#text(Object)"}, nil},
	{"an overload named toString keeps its own result type", "receivers", "app.Entry#getLanguage()",
		[]string{"app.ReceiversTest#overloadedToStringKeepsItsType()"}, []string{"app.ReceiversTest#libraryResults()"}, nil},
	{"known JDK results (ResourceBundle.getLocale is a Locale) match no project method by name", "receivers", "app.Entry#getLanguage()", nil,
		[]string{"app.Labels#sameLanguage(ResourceBundle,Locale)"}, nil},
	{"unqualified toString() is this.toString(), not every toString", "receivers", "app.Banner#toString()", nil,
		[]string{"app.ReceiversTest#enumCallsItsOwnToString()", "app.Mode#label()", "app.ReceiversTest#inheritedToStringDispatchesToOverrides()"}, nil},
	{"unqualified toString() dispatches to a subclass's override", "receivers", "app.GoldPlate#toString()",
		[]string{"app.ReceiversTest#inheritedToStringDispatchesToOverrides()"}, []string{"app.ReceiversTest#enumCallsItsOwnToString()"}, nil},

	{"generic supertype's method is overridden once bound: Elem<T>.add(T) on a Frac is Frac.add(Frac)", "generics", "app.Dec#negate()", nil,
		[]string{"app.GenericsTest#chainOnBoundResult()", "app.Algebra#negSum(Frac)"}, nil},
	{"Num<T>.add(T) on a BigFrac may be add(BigFrac), though add(Money) is declared first", "generics", "app.BigFrac#add(BigFrac)",
		[]string{"app.Algebra#twiceNegated(T)"}, nil, nil},
	{"the bound result dispatches to the receiver's own override", "generics", "app.Frac#negate()",
		[]string{"app.GenericsTest#chainOnBoundResult()"}, nil, nil},
	{"a type parameter named in a body (Map.Entry<K, V>) is a type, not a field", "generics", "app.Keys#K", nil,
		[]string{"app.Pairs#count(Map)", "app.GenericsTest#typeParametersInBodies()"}, nil},
	{"a generic method's type parameter named in its body is a type", "generics", "app.Keys#T", nil,
		[]string{"app.Pairs#same(Map)"}, nil},
	{"a lambda parameter of a library collection's method is what the collection holds", "generics", "app.Parcel#weight()",
		[]string{"app.Shelves#weights()", "app.Shelves#listWeights(List)", "app.Shelves#handedToProjectCode()"}, nil, nil},
	{"…so no other weight() is matched by name", "generics", "app.Pallet#weight()", nil,
		[]string{"app.Shelves#weights()", "app.Shelves#listWeights(List)"}, nil},
	{"…and a Class<?> parameter's equals is the library's, in a later static block too", "generics", "app.Pallet#equals(Object)", nil,
		[]string{"app.Shelves#sameClasses()", "app.Shelves#<clinit>"}, nil},
	{"a collection's stream and what stream operations keep are library streams", "generics", "app.Parcel#weight()",
		[]string{"app.Shelves#streamed(List)"}, nil, nil},
	{"…whose methods match no project method by name", "generics", "app.Pallet#filter(Object)", nil, []string{"app.Shelves#streamed(List)"}, nil},
	{"…even after map", "generics", "app.Pallet#count()", nil, []string{"app.Shelves#counted(List)"}, nil},
	{"…but what collect returns may be a project object", "generics", "app.Pallet#size()", []string{"app.Shelves#collectedSize(List)"}, nil, nil},
	{"a lambda handed to project code keeps its untyped parameters matched by name", "generics", "app.Pallet#weight()",
		[]string{"app.Shelves#handedToProjectCode()"}, nil, nil},
	{"a field named like a type parameter is still read", "generics", "app.Pairs#V",
		[]string{"app.GenericsTest#fieldNamedLikeATypeParameter()"}, nil, nil},
	{"a type variable is typed by its bound, not matched by name", "generics", "app.Ledger#add(Object)", nil,
		[]string{"app.GenericsTest#typeVariableByItsBound()", "app.Algebra#twice(T)"}, nil},
	{"a type variable's calls dispatch to every implementation of the bound", "generics", "app.Dec#add(Dec)",
		[]string{"app.GenericsTest#typeVariableByItsBound()"}, nil, nil},
	{"a generic class's result through an erased receiver is typed by the bound", "generics", "app.Ledger#negate()", nil,
		[]string{"app.GenericsTest#resultOfAGenericClassByTheBound()", "app.Algebra#negated(Box)"}, nil},
	{"and reaches every implementation of the bound", "generics", "app.Dec#negate()",
		[]string{"app.GenericsTest#resultOfAGenericClassByTheBound()"}, nil, nil},

	{"an F-bounded variable's method result is the variable again: no negate() matched by name", "generics", "app.Ledger#negate()", nil,
		[]string{"app.Algebra#twiceNegated(T)", "app.GenericsTest#chainOnAnFBoundedVariable()"}, nil},
	{"and dispatches to every implementation of the bound", "generics", "app.Money#negate()",
		[]string{"app.Algebra#twiceNegated(T)", "app.GenericsTest#chainOnAnFBoundedVariable()"}, nil, nil},
	{"the same through the bound's super-interface", "generics", "app.Ledger#value()", nil, []string{"app.Algebra#realSum(T)"}, nil},
	{"the super-interface's own method is reached", "generics", "app.Money#value()", []string{"app.Algebra#realSum(T)", "app.Algebra#viaMoney(T)"}, nil, nil},
	{"a bound whose argument is another type is not the variable itself: matched widely, as before", "generics", "app.Ledger#value()",
		[]string{"app.Algebra#viaMoney(T)"}, nil, nil},
	{"class head change reaches users", "types", "app.Widget", []string{"app.TypesTest#instanceofCheck()"}, nil, nil},
	{"superclass head change reaches subclass users", "types", "app.Part", []string{"app.TypesTest#instanceofCheck()"}, nil, nil},
}

func TestGraphRules(t *testing.T) {
	graphs := map[string]*Graph{}
	for _, c := range ruleCases {
		t.Run(c.fixture+"/"+c.rule, func(t *testing.T) {
			g := graphs[c.fixture]
			if g == nil {
				g = graphFixture(t, c.fixture)
				graphs[c.fixture] = g
			}
			reach := g.Reach([]string{c.change})
			for _, want := range c.reaches {
				if _, ok := reach[want]; !ok {
					t.Errorf("change to %s does not reach %s", c.change, want)
				}
			}
			for _, want := range c.edges {
				found := false
				for _, e := range g.Callees(want.From) {
					found = found || (e.To == want.To && e.Kind == want.Kind && e.Uncertain == want.Uncertain)
				}
				if !found {
					t.Errorf("missing %s edge %s → %s; have %v", want.Kind, want.From, want.To, g.Callees(want.From))
				}
			}
			for _, bad := range c.notReaches {
				if chain, ok := reach[bad]; ok {
					t.Errorf("change to %s reaches %s via %v (resolution too wide)", c.change, bad, chain)
				}
			}
		})
	}
}

// graphGolden is the golden form of a fixture's graph: every edge, the widened places,
// and, for every method of the fixture's tests, the production nodes whose change reaches it.
type graphGolden struct {
	Edges     []Edge              `json:"edges"`
	Uncertain []string            `json:"uncertain"`
	Selects   map[string][]string `json:"selectedBy"`
}

func goldenOf(g *Graph) graphGolden {
	gold := graphGolden{Edges: g.Edges(), Uncertain: g.Uncertain(), Selects: map[string][]string{}}
	if gold.Uncertain == nil {
		gold.Uncertain = []string{}
	}
	s := g.Snapshot()
	for _, p := range s.SortedPaths() {
		f := s.Files[p]
		if !f.Test {
			continue
		}
		for _, ty := range f.Types {
			for _, m := range ty.Members {
				if IsTestMethod(ty, m) {
					gold.Selects[m.ID] = []string{}
				}
			}
		}
	}
	for _, p := range s.SortedPaths() {
		f := s.Files[p]
		if f.Test {
			continue
		}
		for _, ty := range f.Types {
			for _, id := range append([]string{ty.ID}, memberIDs(ty)...) {
				for reached := range g.Reach([]string{id}) {
					if list, ok := gold.Selects[reached]; ok {
						gold.Selects[reached] = append(list, id)
					}
				}
			}
		}
	}
	for k := range gold.Selects {
		sort.Strings(gold.Selects[k])
	}
	return gold
}

func memberIDs(t *Type) []string {
	out := make([]string, 0, len(t.Members))
	for _, m := range t.Members {
		out = append(out, m.ID)
	}
	return out
}

func TestGraphGoldens(t *testing.T) {
	dirs, err := os.ReadDir(filepath.Join("..", "testdata", "graph"))
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range dirs {
		if !d.IsDir() {
			continue
		}
		t.Run(d.Name(), func(t *testing.T) {
			got, err := json.MarshalIndent(goldenOf(graphFixture(t, d.Name())), "", "  ")
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, '\n')
			compareGolden(t, filepath.Join("..", "testdata", "graph", d.Name(), "graph.golden.json"), got)
		})
	}
}
