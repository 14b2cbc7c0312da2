import { useEffect, useRef } from 'react';
import type { EChartsCoreOption } from 'echarts/core';

/**
 * One ECharts chart (zh_CN locale). ECharts is imported on first use, so only the report pages download it;
 * the chart follows its box's width (desktop and phone).
 */
export function Chart({ option, height = 280, label }: { option: EChartsCoreOption; height?: number; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let disposed = false;
    let dispose = () => {};
    void import('./echarts').then(({ echarts }) => {
      const el = box.current;
      if (disposed || !el) return;
      const chart = echarts.init(el, undefined, { locale: 'ZH' });
      chart.setOption(option);
      const observer = new ResizeObserver(() => chart.resize());
      observer.observe(el);
      dispose = () => {
        observer.disconnect();
        chart.dispose();
      };
    });
    return () => {
      disposed = true;
      dispose();
    };
  }, [option]);
  return <div ref={box} role="img" aria-label={label} data-testid="report-chart" style={{ width: '100%', height }} />;
}
