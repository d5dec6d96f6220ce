package eff;

import java.util.ArrayList;
import java.util.List;

/**
 * A meter whose needles are inner objects: making a needle touches nothing of the meter,
 * but moving one turns the meter that made it.
 */
public class Meter {
    private int turns;

    public Needle needle() {
        return new Needle(2);
    }

    public void spin() {
        new Needle(1).move();
    }

    public List<Needle> needles() {
        List<Needle> out = new ArrayList<>();
        out.add(new Needle(3));
        return out;
    }

    public void spinListed() {
        List<Needle> kept = new ArrayList<>();
        kept.add(new Needle(4));
        kept.get(0).move();
    }

    public void click() {
        new Click();
    }

    public void dial() {
        new Dial();
    }

    public void gear() {
        new Gear();
    }

    public int turns() {
        return turns;
    }

    /** Built from its own argument only. */
    public final class Needle {
        private final int step;

        Needle(int step) {
            this.step = step;
        }

        public void move() {
            turns += step;
        }
    }

    /** Making one turns the meter. */
    public final class Click {
        Click() {
            turns++;
        }
    }

    /** Making one makes a Click, which turns the meter. */
    public final class Dial {
        private final Click click;

        Dial() {
            click = new Click();
        }
    }

    /** Its making runs Starter's constructor, which runs its start: the meter turns. */
    public final class Gear extends Starter {
        @Override
        protected void start() {
            turns++;
        }
    }
}
