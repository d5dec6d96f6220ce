package app;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.Locale;
import java.util.ResourceBundle;
import app.net.Cell;
import app.net.Blocks;
import app.net.Casts;
import app.net.Grid;
import app.net.Registry;
import app.net.Mesh;
import app.net.Sheep;
import com.acme.Box;
import org.junit.jupiter.api.Test;

class ReceiversTest {
    @Test
    void renderUsesLibraryAppend() {
        assertEquals("[t]", Report.render(new Doc("t")));
    }

    @Test
    void untypedElementMatchedByName() {
        assertEquals(2, Report.firstWeight(Arrays.asList(new Doc("ab"))));
    }

    @Test
    void anonymousClassCallsInheritedMethod() {
        assertEquals(202, Wiring.run(1));
    }

    @Test
    void anonymousClassCallsEnclosingLibraryMethod() {
        assertEquals(1, new FastJob().schedule());
    }

    @Test
    void classLiteralName() {
        assertEquals("labels", Labels.typeName());
    }

    @Test
    void classLiteralCast() {
        assertEquals(2, Labels.spinCast(new FastWidget()));
    }

    @Test
    void objectMethodResult() {
        assertEquals("x", Labels.text(" x "));
    }

    @Test
    void overloadedToStringKeepsItsType() {
        assertEquals("en", Labels.language(new Printer()));
    }

    @Test
    void libraryResults() {
        assertEquals(true, Labels.sameLanguage(ResourceBundle.getBundle("labels"), Locale.ENGLISH));
    }

    @Test
    void enumCallsItsOwnToString() {
        assertEquals("fast", Mode.FAST.label());
    }

    @Test
    void inheritedToStringDispatchesToOverrides() {
        assertEquals("[gold]", new GoldPlate().show());
    }

    @Test
    void superCallInAnAnonymousClass() {
        assertEquals(3, Counter.startingAtThree().count());
    }

    @Test
    void chainAfterACallWhoseArgumentCallsTheSameName() {
        assertEquals(true, Plan.of(new Problem()) != null);
    }

    @Test
    void copiesGrid() {
        assertEquals(1, new Grid().add(1, new Cell(2)).copy().size());
    }

    @Test
    void startsAtZero() {
        assertEquals(0, Grid.start());
    }

    @Test
    void meshCopiesItsFirstCell() {
        assertEquals(1, new Mesh().first().position());
    }

    @Test
    void meshCorner() {
        assertEquals(3, new Mesh().corner());
    }

    @Test
    void meshRowWeight() {
        assertEquals(1, Mesh.weightOf(new app.net.Cell[] {new app.net.Cell(1)}, 0));
    }

    @Test
    void meshSizeText() {
        assertEquals("1", new Mesh().sizeText());
    }

    @Test
    void meshFromCall() {
        assertEquals(1, new Mesh().fromCall().position());
    }

    @Test
    void sheepCopies() {
        assertEquals(7, new Sheep().copy().position());
    }

    @Test
    void casts() {
        assertEquals(1, Casts.viaCast(new Cell(1)));
        assertEquals(2, Casts.castOfChain(new Object[] {new Cell(2)}, 0));
        assertEquals("a", Casts.libraryCast(" a "));
        assertEquals(7, Casts.castOfCondition(true, new Sheep(), new Sheep()));
        assertEquals(0, Casts.pocketSize());
        assertEquals(1, Casts.slotDepth(new app.net.Pocket<Cell>().slot()));
        assertEquals(1, Casts.fieldOfCast(new app.net.Link()));
        assertEquals(1, Casts.fieldOfCall());
    }

    @Test
    void registry() {
        Registry r = new Registry().add("a", new Cell(2));
        assertEquals(2, r.positionOf("a"));
        assertEquals(2, r.firstPosition());
        assertEquals(2, r.sum());
        assertEquals(2, r.pocketPosition());
        assertEquals(2, Registry.lastPosition(Arrays.asList(new Cell(2))));
        assertEquals(2, r.firstEntryPosition());
        assertEquals(0, Registry.rawKeyCount(new java.util.HashMap<String, String>()));
    }

    @Test
    void meshExpressions() {
        Mesh m = new Mesh();
        assertEquals(1, m.cStyle());
        assertEquals(6, m.parenthesised());
        assertEquals(1, m.either(true).position());
    }

    @Test
    void blocks() {
        assertEquals(2, Blocks.blocks(true, new Cell(2), new Sheep()));
        assertEquals(40, Blocks.blocks(false, new Cell(2), new Sheep()));
        assertEquals(2, Blocks.shadowed(new Cell(2), new Sheep()));
    }

    @Test
    void jdkConstant() {
        assertEquals(4, Constants.trueSize());
    }

    @Test
    void thirdPartyConstant() {
        assertEquals("tag", Regional.current());
    }

    @Test
    void objectMethodsOnAnUntypedValue() {
        Stamp made = new Stamp();
        assertEquals("stamp", Box.of(made).get().toString());
    }

    @Test
    void wrapperAsksTheStreamItWraps() throws Exception {
        assertEquals(false, new Tee(new Zeros()).markSupported());
    }
}
