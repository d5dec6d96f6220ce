package impl;

/** A project interface one of whose classes inherits the JDK's toString: AbstractCollection's, which reads a Tally's counting size and get. */
public interface Listed {
    double area();

    double side();

    static String describe(Listed l) {
        return l.toString();
    }

    /** A Tally that is a Listed. */
    final class Areas extends Tally implements Listed {
        @Override
        public double area() {
            return size();
        }

        @Override
        public double side() {
            return 1;
        }
    }
}
