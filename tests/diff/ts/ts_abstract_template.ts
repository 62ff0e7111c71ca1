abstract class Report<Row> {
  constructor(protected rows: Row[]) {}
  protected abstract header(): string[];
  protected abstract cells(r: Row): (string | number)[];
  render(): string {
    const h = this.header();
    const body = this.rows.map(r => this.cells(r).map((c, i) => String(c).padStart(h[i].length)).join(" | "));
    return [h.join(" | "), h.map(x => "-".repeat(x.length)).join("-+-"), ...body].join("\n");
  }
}
interface Sale { item: string; units: number; unitPrice: number }
class SalesReport extends Report<Sale> {
  protected header() { return ["item      ", "units", "    total"]; }
  protected cells(s: Sale) { return [s.item, s.units, (s.units * s.unitPrice).toFixed(2)]; }
}
console.log(new SalesReport([{ item: "apples", units: 12, unitPrice: 0.5 }, { item: "pears", units: 3, unitPrice: 1.25 }]).render());
