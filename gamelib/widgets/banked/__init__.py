"""The banked games' widgets: deal and settle, compare with the dealer, the strategy, the figures.

The front door of the family (what the chapters call):

- :mod:`.panels`: the chapter panels (the pay calculator, the dealer comparison, the strategy
  explorer, the house-edge report, the plots);
- :mod:`.round`: a hand dealt round by round, with the decisions and the settlement;
- :mod:`.figures`: tables and pictures of the declaration (limits, pay tables, worked examples);
- :mod:`.chapter`: what a chapter shows and quotes (worked hands with their verdict in words,
  tables of hands with the engine's answer, the figures its prose pastes);
- :mod:`.common`: what they share (the analysis of a game, the sample hands, amounts);
- :mod:`.pay_designer`: the par sheet's tables and the pay-table designer.
"""

from __future__ import annotations

from .figures import pay_table_titled
from .panels import (
                     BankedDealWidget,
                     DealerCompareWidget,
                     PayWidget,
                     Round,
                     Step,
                     StrategyWidget,
                     analysis_of,
                     compare_html,
                     deal_round,
                     decision_amount,
                     default_wagers,
                     edge_html,
                     example_html,
                     house_edge_report,
                     limits_frame,
                     nh_option_values,
                     nh_path_wagered,
                     option_values,
                     pay_table_frame,
                     plot_decision_ev,
                     plot_nh_starting_hands,
                     plot_returns,
                     returns_frame,
                     settlement_html,
                     strategy_hands,
                     strategy_html,
)
from .pay_designer import (
                     PayDesignerWidget,
                     designer_answer,
                     designer_html,
                     measured_wager,
                     par_sheet_frame,
                     par_sheet_html,
)

__all__ = ['default_wagers', 'decision_amount', 'settlement_html', 'Step', 'Round', 'deal_round', 'option_values',
           'nh_option_values', 'nh_path_wagered', 'BankedDealWidget', 'house_edge_report', 'PayWidget', 'edge_html',
           'compare_html', 'DealerCompareWidget', 'strategy_html', 'StrategyWidget', 'returns_frame', 'plot_returns',
           'plot_decision_ev', 'plot_nh_starting_hands', 'analysis_of', 'strategy_hands', 'limits_frame',
           'pay_table_frame', 'pay_table_titled', 'example_html', 'par_sheet_frame', 'par_sheet_html',
           'PayDesignerWidget', 'designer_answer', 'designer_html', 'measured_wager']
