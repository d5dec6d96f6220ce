package d;

public abstract class AbstractPolygonTest extends AbstractShapeTest {
    protected String name() {
        return "polygon";
    }
}
