package eff;

/** toString on project interfaces (no lambda can be one) none of whose classes declares it: Object's runs. */
public final class Shapes {
    private Shapes() {
    }

    /** A shape whose only class declares neither toString nor hashCode. */
    public interface Shape {
        double area();

        double side();
    }

    /** …whose class counts in its hashCode, which Object's toString calls. */
    public interface Counted {
        double area();

        double side();
    }

    static final class Square implements Shape {
        @Override
        public double area() {
            return 1;
        }

        @Override
        public double side() {
            return 1;
        }
    }

    static final class Tallied implements Counted {
        static int hashed;

        @Override
        public double area() {
            return 1;
        }

        @Override
        public double side() {
            return 1;
        }

        @Override
        public int hashCode() {
            hashed++;
            return 1;
        }
    }

    public static String describe(Shape s) {
        return s.toString();
    }

    public static String describe(Counted c) {
        return c.toString();
    }
}
