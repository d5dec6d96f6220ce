package shapes;

public class Circle extends Shape {
    private final double radius;

    public Circle(double radius) {
        super();
        this.radius = radius;
    }

    @Override
    public double area() {
        return Math.PI * radius * radius;
    }

    public Runnable printer() {
        return () -> System.out.println(describe());
    }

    public Object anonymous() {
        return new Object() {
            @Override
            public String toString() {
                return "circle " + radius;
            }
        };
    }

    static class Cache {
        int hits;

        int hit() {
            class Counter {
                int next(int x) { return x + 1; }
            }
            hits = new Counter().next(hits);
            return hits;
        }
    }
}
