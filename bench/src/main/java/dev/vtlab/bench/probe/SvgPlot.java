package dev.vtlab.bench.probe;

import java.util.List;
import java.util.Locale;

/**
 * A small SVG line chart with a log-scale x axis. Written here rather than pulled in because the
 * sweep needs two panels of a few lines each, and a plotting library (or gnuplot) is a large
 * dependency for that; the SVG opens in any browser and renders on GitHub.
 */
final class SvgPlot {
    record Point(double x, double y) {
    }

    record Series(String name, String colour, boolean dashed, List<Point> points) {
    }

    /** A horizontal band of published values, e.g. 50-55 %. */
    record Band(String label, double low, double high, String colour) {
    }

    static final int PANEL_WIDTH = 520;
    static final int PANEL_HEIGHT = 360;
    private static final int LEFT = 60;
    private static final int RIGHT = 20;
    private static final int TOP = 40;
    private static final int BOTTOM = 80;

    private SvgPlot() {
    }

    static String document(String title, String subtitle, String... panels) {
        StringBuilder svg = new StringBuilder();
        int width = PANEL_WIDTH * panels.length;
        svg.append(String.format(Locale.ROOT,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" font-family=\"sans-serif\" font-size=\"12\">%n",
                width, PANEL_HEIGHT + 50));
        svg.append(String.format(Locale.ROOT, "<rect width=\"%d\" height=\"%d\" fill=\"white\"/>%n", width, PANEL_HEIGHT + 50));
        svg.append(String.format(Locale.ROOT, "<text x=\"10\" y=\"20\" font-size=\"15\">%s</text>%n", escape(title)));
        svg.append(String.format(Locale.ROOT, "<text x=\"10\" y=\"38\" fill=\"#555\">%s</text>%n", escape(subtitle)));
        for (int i = 0; i < panels.length; i++) {
            svg.append(String.format(Locale.ROOT, "<g transform=\"translate(%d,50)\">%n", i * PANEL_WIDTH)).append(panels[i]).append("</g>\n");
        }
        return svg.append("</svg>\n").toString();
    }

    static String panel(String title, String xLabel, String yLabel, double yMax, List<Double> xTicks,
            List<Band> bands, List<Series> series) {
        double xMin = Math.log10(xTicks.getFirst());
        double xMax = Math.log10(xTicks.getLast());
        double plotWidth = PANEL_WIDTH - LEFT - RIGHT;
        double plotHeight = PANEL_HEIGHT - TOP - BOTTOM;
        java.util.function.DoubleUnaryOperator px = x -> LEFT + (xMax == xMin ? plotWidth / 2
                : (Math.log10(x) - xMin) / (xMax - xMin) * plotWidth);
        java.util.function.DoubleUnaryOperator py = y -> TOP + plotHeight - Math.min(y, yMax) / yMax * plotHeight;
        StringBuilder g = new StringBuilder();
        g.append(text(LEFT, 20, title, "start", 13));
        for (Band band : bands) {
            g.append(String.format(Locale.ROOT,
                    "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\" fill-opacity=\"0.18\"/>%n",
                    (double) LEFT, py.applyAsDouble(band.high()), plotWidth,
                    Math.max(1, py.applyAsDouble(band.low()) - py.applyAsDouble(band.high())), band.colour()));
            g.append(text(LEFT + plotWidth - 4, py.applyAsDouble(band.high()) - 3, band.label(), "end", 10));
        }
        for (int i = 0; i <= 5; i++) {
            double y = yMax * i / 5;
            g.append(String.format(Locale.ROOT,
                    "<line x1=\"%d\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"#ddd\"/>%n",
                    LEFT, LEFT + plotWidth, py.applyAsDouble(y), py.applyAsDouble(y)));
            g.append(text(LEFT - 6, py.applyAsDouble(y) + 4, String.format(Locale.ROOT, "%.0f", y), "end", 11));
        }
        for (double x : xTicks) {
            g.append(text(px.applyAsDouble(x), TOP + plotHeight + 16, String.format(Locale.ROOT, "%.2f", x), "middle", 11));
        }
        g.append(String.format(Locale.ROOT,
                "<rect x=\"%d\" y=\"%d\" width=\"%.1f\" height=\"%.1f\" fill=\"none\" stroke=\"#333\"/>%n",
                LEFT, TOP, plotWidth, plotHeight));
        g.append(text(LEFT + plotWidth / 2, TOP + plotHeight + 34, xLabel, "middle", 12));
        g.append(String.format(Locale.ROOT,
                "<text transform=\"translate(16,%.1f) rotate(-90)\" text-anchor=\"middle\">%s</text>%n",
                TOP + plotHeight / 2, escape(yLabel)));
        double legendY = TOP + plotHeight + 52;
        double legendX = LEFT;
        for (Series s : series) {
            StringBuilder points = new StringBuilder();
            for (Point p : s.points()) {
                points.append(String.format(Locale.ROOT, "%.1f,%.1f ", px.applyAsDouble(p.x()), py.applyAsDouble(p.y())));
                g.append(String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"%s\"/>%n",
                        px.applyAsDouble(p.x()), py.applyAsDouble(p.y()), s.colour()));
            }
            g.append(String.format(Locale.ROOT,
                    "<polyline points=\"%s\" fill=\"none\" stroke=\"%s\" stroke-width=\"2\"%s/>%n",
                    points.toString().trim(), s.colour(), s.dashed() ? " stroke-dasharray=\"6,4\"" : ""));
            g.append(String.format(Locale.ROOT,
                    "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"2\"%s/>%n",
                    legendX, legendX + 18, legendY, legendY, s.colour(), s.dashed() ? " stroke-dasharray=\"6,4\"" : ""));
            g.append(text(legendX + 22, legendY + 4, s.name(), "start", 11));
            legendX += 30 + 7 * s.name().length();
        }
        return g.toString();
    }

    private static String text(double x, double y, String content, String anchor, int size) {
        return String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\" font-size=\"%d\">%s</text>%n",
                x, y, anchor, size, escape(content));
    }

    private static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }
}
