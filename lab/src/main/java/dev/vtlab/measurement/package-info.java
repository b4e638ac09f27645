/**
 * What every measurement in vtlab shares, whether it is the comparison ({@code dev.vtlab.compare}) or the
 * JMH experiments and scheduler probe in {@code bench/}: one measurement at a time ({@link MachineLock}),
 * the machine it ran on ({@link Machine}) and what else that machine was doing ({@link MachineState}),
 * and the SVG charts ({@link SvgChart}). JDK only, so bench/ compiles these same sources (its pom adds
 * them); the war leaves them out.
 */
package dev.vtlab.measurement;
